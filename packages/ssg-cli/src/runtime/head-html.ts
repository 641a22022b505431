// The head tags as HTML (shared/head-html.ts), from here because this module's place in the
// runtime's imports sets where the code lands in the client bundle: moving it would change its bytes.
export { HEAD_MARK, headToHtml } from '../shared/head-html.ts';
