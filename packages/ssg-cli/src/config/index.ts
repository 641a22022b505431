/**
 * Stage "config": the config file and flags (load-config.ts, check-config.ts), the site's code
 * from its server bundle (load-site.ts), the brand and the output folders (resolve-config.ts).
 * What it asks of the incremental cache is `ConfigReuse`.
 */
export { checkDefinitions } from './load-site.ts';
export {
  type ConfigReuse,
  type ResolvedSite,
  resolveConfig,
  resolveSetup,
  resolveTarget,
  type SiteSetup,
} from './resolve-config.ts';
