// The ids of shared/element-ids.ts, from here because this module's place in the runtime's imports
// sets where they land in the client bundle: moving the import would change its bytes.
export { FOCUS_WRAPPER_ID, ROOT_ID } from '../shared/element-ids.ts';
