// Site paths (shared/paths.ts), from here because this module's place in the runtime's imports sets
// where the code lands in the client bundle: moving the import would change its bytes.
export {
  isClientRoutable,
  isExternal,
  type SiteLocation,
  type TrailingSlash,
  withTrailingSlash,
} from '../shared/paths.ts';
