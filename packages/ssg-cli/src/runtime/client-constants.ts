export const ROOT_ID = '___ssg';
