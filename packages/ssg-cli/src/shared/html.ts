// What the build's documents and the browser runtime must write alike: escaping, the head tags,
// the id of the element pages render into. The code lives in runtime/ because the client bundle
// is made from it there (its bytes and chunk hashes follow its module paths); Node-side code
// imports it from here, so no room but shared/ reaches into runtime/.
export { ROOT_ID } from '../runtime/client-constants.ts';
export { escapeAttribute, escapeHtml, jsonForScript } from '../runtime/escape.ts';
export { HEAD_MARK, headToHtml } from '../runtime/head-html.ts';
