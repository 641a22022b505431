// What the build's documents and the browser runtime must write alike, for Node-side code in one
// import: escaping, the head tags, the id of the element pages render into. The runtime imports
// the modules themselves (escape.ts, head-html.ts, element-ids.ts), which import nothing of it.
export { ROOT_ID } from './element-ids.ts';
export { escapeAttribute, escapeHtml, jsonForScript } from './escape.ts';
export { HEAD_MARK, headToHtml } from './head-html.ts';
