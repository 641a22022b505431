// Each page's inline code sources (csp.ts), kept for the next build: a patch's unchanged pages take
// their policy's sources from here. Making their documents again to read them took ~3 s at
// 100,000 pages, most of a 1% rebuild's emit.
import type { InlineSources } from '../shared/csp.ts';

/** The distinct sources of a build, and each page's index among them (most pages share one). */
export interface InlineRecord {
  sets: InlineSources[];
  /** Page path → index in `sets`. */
  of: Record<string, number>;
}

/** Records this build's sources page by page, from the `last` build's for pages it keeps. */
export function inlineRecorder(last: InlineRecord | undefined) {
  const sets: InlineSources[] = [];
  const index = new Map<string, number>();
  const indexOf = new Map<InlineSources, number>(); // the same object: no need to serialize it
  const of: Record<string, number> = {};
  return {
    /**
     * The page's sources: the last build's when the page is `kept` (and known), else `make()`'s;
     * the same object for every page with the same sources.
     */
    sources(path: string, kept: boolean, make: () => InlineSources): InlineSources {
      const lastIndex = kept ? last?.of[path] : undefined;
      const sources = (lastIndex === undefined ? undefined : last?.sets[lastIndex]) ?? make();
      let at = indexOf.get(sources);
      if (at === undefined) {
        const key = JSON.stringify(sources);
        at = index.get(key) ?? sets.push(sources) - 1;
        index.set(key, at);
        indexOf.set(sources, at);
      }
      of[path] = at;
      // one object for each distinct set: its policy is made once (host/site-policies.ts)
      return sets[at] ?? sources;
    },
    /** What was recorded: none when no page's sources were asked for (the site sends no policy). */
    record: (): InlineRecord | undefined => (sets.length > 0 ? { sets, of } : undefined),
  };
}
