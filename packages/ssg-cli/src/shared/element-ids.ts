// Ids the build's documents and the client share.
/** The element pages render into. */
export const ROOT_ID = '___ssg';

/** The id of the wrapper around the page shown: where focus goes after a client navigation. */
export const FOCUS_WRAPPER_ID = '___ssg-focus';
