// Real: the recorder of inline sources. Faked: the sources (hash strings made up) and which pages are kept.
import { describe, expect, it } from 'vitest';
import type { InlineSources } from '../shared/csp.ts';
import { inlineRecorder } from './inline-record.ts';

const sources = (script: string): InlineSources => ({
  scripts: [`'sha256-${script}'`],
  styles: [],
  styleAttributes: [],
});
const never = (): InlineSources => {
  throw new Error('a kept page made its document again');
};

describe('the inline sources kept between builds', () => {
  it('gives a kept page its last sources without making its document, one object per set', () => {
    const first = inlineRecorder(undefined);
    const a = first.sources('/a/', false, () => sources('boot'));
    expect(first.sources('/b/', false, () => sources('boot'))).toBe(a); // same set, same object
    first.sources('/map/', false, () => sources('map'));
    const last = first.record();
    expect(last?.sets).toHaveLength(2);

    const next = inlineRecorder(last);
    expect(next.sources('/map/', true, never)).toEqual(sources('map'));
    expect(next.sources('/a/', true, never)).toEqual(sources('boot'));
    // a page not kept is made again, whatever the last build recorded for it
    expect(next.sources('/b/', false, () => sources('new'))).toEqual(sources('new'));
    // a kept page the last build did not record is made
    expect(next.sources('/c/', true, () => sources('boot'))).toBe(next.sources('/a/', true, never));
  });

  it('records nothing when no page was asked for (the site sends no policy)', () => {
    expect(inlineRecorder(undefined).record()).toBeUndefined();
  });
});
