// The id of the element pages render into, shared by the build's documents and the client.
export const ROOT_ID = '___ssg';
