// `ssg dev` publishes what `ssg serve` would: no dotfile, no link out of the site, whatever Vite serves.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isDotPath, realPathInside, realRootOf } from '../serve/published.ts';

/** The folders whose files Vite serves as they are at their own URL. */
export interface ServedFolders {
  /** Vite's root (the site's package folder): any file below it answers at its path. */
  root: string;
  /** Vite's `public/`, or `false` when the site has none. */
  publicDir: string | false;
}

/** A URL's decoded path, or `null` when it does not decode. */
function pathOf(url: string): string | null {
  try {
    return decodeURIComponent(url.split(/[?#]/)[0] ?? '/');
  } catch {
    return null;
  }
}

/**
 * `/@fs/<file>` as the URL path of that file below `root`, or `null` for a file outside the site
 * (Vite's `server.fs.allow` decides). Vite checks the path as written, so a link inside the site
 * would otherwise be followed out of it.
 */
function siteUrlOf(root: string, fsUrl: string): string | null {
  const file = fsUrl.slice('/@fs'.length);
  const folder = [root, realRootOf(root)].find((r) => r !== null && file.startsWith(`${r}/`));
  return folder ? file.slice(folder.length) : null;
}

/** Whether `urlPath` maps onto a file below `folder` whose real path leaves `folder`. */
function leaves(folder: string, urlPath: string): boolean {
  const file = path.join(folder, urlPath);
  if (!existsSync(file)) return false; // nothing there: Vite will not serve it either
  const realFolder = realRootOf(folder);
  return realFolder === null || realPathInside(realFolder, file) === null;
}

/**
 * Whether `ssg dev` answers 404 instead of letting Vite (or the site's asset folders) serve the
 * URL: a dotfile or dot-folder other than `/.well-known/` (Vite serves `public/.env` and
 * `src/.secret`; its `server.fs.deny` covers neither `public/` nor every name), or a file of
 * `public/` or of the root whose real path leaves that folder (Vite follows such links).
 * `/@fs/` URLs of files in the site are judged the same way. Module URLs keep Vite's own rules
 * (`server.fs.allow`): other `/@…` ids, and below `node_modules/` the dependencies
 * (`.vite/deps`, pnpm's `.pnpm`), which are links out of the site by design.
 */
export function refusesToPublish(folders: ServedFolders, url: string): boolean {
  const decoded = pathOf(url);
  if (decoded === null) return true;
  const urlPath = decoded.startsWith('/@fs/') ? siteUrlOf(folders.root, decoded) : decoded;
  if (urlPath === null || urlPath.startsWith('/@')) return false;
  if (isDotPath(urlPath.split('/node_modules/')[0] ?? urlPath)) return true;
  if (urlPath.startsWith('/node_modules/')) return false;
  if (folders.publicDir !== false && leaves(folders.publicDir, urlPath)) return true;
  return leaves(folders.root, urlPath);
}
