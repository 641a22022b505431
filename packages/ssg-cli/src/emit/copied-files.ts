// The copied folders resolved into the files placed in the output: every symbolic link followed to
// its real path and refused when that leaves the site, dotfiles left out. Nothing outside the site
// is published, and the output never holds a link (place-copied.ts copies each real file's bytes).
import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { type ContentIssue, SsgError } from '../errors.ts';
import type { CopiedAsset } from './place-copied.ts';

/** The folders a link may point into: the site's (its config's folder) and the content folder. */
export interface SiteRoots {
  root: string;
  contentDir: string;
}

/** The files to place, each by its real path, and what was left out on purpose. */
export interface ResolvedCopies {
  /** One entry per file (or immutable image file), `from` its real path. */
  files: CopiedAsset[];
  /** Output-relative names of the dotfiles and dot-folders not copied. */
  dotfiles: string[];
  /** Output-relative names of links that point at nothing (a link the output never had a file for). */
  dangling: string[];
}

/** The one dot-folder copied: RFC 8615's `/.well-known/` at the top of the output (security.txt, app links). */
const WELL_KNOWN = '.well-known';

/**
 * Walks each copied folder; every link that leaves the roots (or reaches a dotfile) is collected,
 * and all of them are reported at once in one `LINK_REFUSED` error before anything is copied.
 */
export async function resolveCopied(
  assets: readonly CopiedAsset[],
  roots: SiteRoots,
): Promise<ResolvedCopies> {
  const siteRoots = await Promise.all([roots.root, roots.contentDir].map(realOrSelf));
  const out: ResolvedCopies = { files: [], dotfiles: [], dangling: [] };
  const issues: ContentIssue[] = [];
  // relative to the site when inside it (`public/x.jpg`), else absolute (a --content folder elsewhere)
  const shown = (file: string) => {
    const rel = path.relative(roots.root, file);
    return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel || '.';
  };
  for (const asset of assets) {
    // the image service's own cache files, named by content: place-copied.ts never links a link
    if (asset.immutable) {
      out.files.push(asset);
      continue;
    }
    const named = path.resolve(asset.from);
    const real = await realpath(named).catch(() => undefined);
    if (!real) continue; // a folder the site names but that is not there copies nothing, as before
    // a package's files (a font, say) are named by the site's code, where pnpm links them from its store
    const allowed = named.split(path.sep).includes('node_modules')
      ? [...siteRoots, real]
      : siteRoots;
    const walker = { allowed, out, issues, shown };
    // a dot on the way to a folder the code names as it is (a package in pnpm's `.pnpm`) is its choice
    const refused = real === named ? refusal(real, allowed, false) : refusal(real, allowed);
    if (refused) {
      issues.push(linkIssue(shown(named), real, refused));
      continue;
    }
    if ((await stat(real)).isDirectory())
      await walk(walker, { real, named, to: asset.to, chain: [real] });
    else out.files.push({ from: real, to: asset.to });
  }
  if (issues.length > 0) {
    const count = issues.length;
    throw new SsgError(
      'LINK_REFUSED',
      `${count === 1 ? 'A symbolic link' : `${count} symbolic links`} in the folders copied into the output ${count === 1 ? 'points' : 'point'} outside the site (${siteRoots.join(' or ')}) or at a dotfile; nothing was written.`,
      {
        issues,
        hint: 'Replace each link with the file itself (cp --remove-destination "$(readlink -f LINK)" LINK), point it at a file inside the site, or delete it. The previous output is untouched.',
      },
    );
  }
  return out;
}

interface Walker {
  allowed: readonly string[];
  out: ResolvedCopies;
  issues: ContentIssue[];
  shown: (file: string) => string;
}

interface Folder {
  /** Its real path: read from here. */
  real: string;
  /** The path as the site names it (through links): errors show this. */
  named: string;
  /** Output-relative folder. */
  to: string;
  /** Real paths of the folders it is inside, itself included: a link back to one would never end. */
  chain: readonly string[];
}

async function walk(walker: Walker, folder: Folder): Promise<void> {
  const entries: Dirent[] = await readdir(folder.real, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const to = path.posix.join(folder.to, entry.name);
    const named = path.join(folder.named, entry.name);
    const from = path.join(folder.real, entry.name);
    if (entry.name.startsWith('.') && to !== WELL_KNOWN) {
      walker.out.dotfiles.push(to);
      continue;
    }
    if (entry.isDirectory()) {
      await walk(walker, { real: from, named, to, chain: [...folder.chain, from] });
    } else if (entry.isFile()) {
      walker.out.files.push({ from, to });
    } else if (entry.isSymbolicLink()) {
      await followLink(walker, folder, { named, from, to });
    }
    // sockets, pipes and devices are not files a host serves: never copied
  }
}

async function followLink(
  walker: Walker,
  folder: Folder,
  link: { named: string; from: string; to: string },
): Promise<void> {
  const target = await realpath(link.from).catch(() => undefined);
  if (!target) {
    walker.out.dangling.push(link.to);
    return;
  }
  const refused = refusal(target, walker.allowed);
  if (refused) {
    walker.issues.push(linkIssue(walker.shown(link.named), target, refused));
    return;
  }
  const info = await stat(target);
  if (info.isFile()) {
    walker.out.files.push({ from: target, to: link.to });
  } else if (info.isDirectory()) {
    if (folder.chain.some((dir) => dir === target || dir.startsWith(target + path.sep))) {
      walker.issues.push(linkIssue(walker.shown(link.named), target, 'loop'));
      return;
    }
    const chain = [...folder.chain, target];
    await walk(walker, { real: target, named: link.named, to: link.to, chain });
  }
}

type Refusal = 'outside' | 'dotfile' | 'loop';

/** Why `real` may not be published: outside every allowed folder, or a dotfile inside one. */
function refusal(real: string, allowed: readonly string[], dots = true): Refusal | undefined {
  const homes = allowed.filter((dir) => real === dir || real.startsWith(dir + path.sep));
  if (homes.length === 0) return 'outside';
  if (!dots) return undefined;
  // measured from the nearest: a package folder inside node_modules/.pnpm is a home of its own
  const home = homes.reduce((a, b) => (b.length > a.length ? b : a));
  const inside = path.relative(home, real).split(path.sep);
  return inside.some((part) => part.startsWith('.') && part !== WELL_KNOWN) ? 'dotfile' : undefined;
}

function linkIssue(file: string, target: string, why: Refusal): ContentIssue {
  const message = {
    outside: `is a link to ${target}, outside the site: files outside the site are never published. Copy the file into the site instead of linking to it.`,
    dotfile: `is a link to ${target}, a dotfile or a file in a dot-folder inside the site (a .env, .git): those are never published. Link to a file that is meant to be public, or delete the link.`,
    loop: `is a link to ${target}, a folder that holds the link itself: copying it would never end. Delete the link.`,
  }[why];
  return { file, path: '', message };
}

/** The real path of a folder that exists; the path itself otherwise (a content folder checked later). */
const realOrSelf = (dir: string): Promise<string> => realpath(dir).catch(() => path.resolve(dir));

/**
 * One note per kind of file left out, for the build's summary: a dotfile put there on purpose
 * (`.nojekyll`, `.htaccess`) must not vanish without a word, and one line a build is cheap.
 */
export function leftOutNotes(copies: ResolvedCopies): string[] {
  const notes: string[] = [];
  const { dotfiles, dangling } = copies;
  if (dotfiles.length > 0)
    notes.push(
      `${count(dotfiles.length, 'dotfile')} of the copied folders ${dotfiles.length === 1 ? 'was' : 'were'} left out of the output (${listed(dotfiles)}): files and folders whose name starts with a dot are never published, only /.well-known/ is.`,
    );
  if (dangling.length > 0)
    notes.push(
      `${count(dangling.length, 'symbolic link')} of the copied folders ${dangling.length === 1 ? 'points' : 'point'} at nothing and ${dangling.length === 1 ? 'was' : 'were'} left out of the output (${listed(dangling)}).`,
    );
  return notes;
}

const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The first three names, and how many more. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}
