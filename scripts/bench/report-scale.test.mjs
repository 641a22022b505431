// The scale tables from a hand-made result object; nothing runs a build and nothing is faked.
import { describe, expect, it } from 'vitest';
import { scaleSections } from './report-scale.mjs';

/**
 * @param {string} node
 * @param {number} ms
 */
const ours = (node, ms) => ({
  label: 'ssg (ours)',
  ours: true,
  version: 'workspace',
  node,
  median: { cold: { ms, peakBytes: 300 * 2 ** 20, writeBytes: 50 * 2 ** 20, load: 2.5 } },
});

describe('scaleSections', () => {
  const [first] = scaleSections({
    runs: 1,
    kinds: ['cold'],
    sizes: {
      100000: {
        tools: {
          ssg: ours('20.20.2', 4000),
          'ssg-node22': { ...ours('22.23.3', 3200), vsOlderNode: { node: '20.20.2', cold: 1.25 } },
          astro7: {
            label: 'Astro',
            version: '7.3.5',
            node: '22.23.3',
            timedOut: { kind: 'cold', minutes: 10, load: 4.2 },
            error: 'cold build did not finish in 10 minutes',
          },
          'react-router': {
            label: 'React Router (prerender)',
            version: '8.5.3',
            node: '22.23.3',
            median: { cold: { ms: 179130, peakBytes: 746 * 2 ** 20, writeBytes: 0, load: 10.6 } },
            oursFaster: { node: '22.23.3', cold: 13.3 },
            timedOut: { kind: 'warm', minutes: 20, load: 11.9 },
            error: 'warm build did not finish in 20 minutes (load 11.9); stopped.',
          },
          next: {
            label: 'Next (static export)',
            version: '16.4.6',
            node: '20.20.2',
            median: { cold: { ms: 12000, peakBytes: 700 * 2 ** 20, writeBytes: 2 ** 30, load: 3 } },
            oursFaster: { node: '20.20.2', cold: 3 },
          },
        },
      },
    },
  });
  const table = first?.[1];
  const row = (/** @type {string} */ tool) =>
    table && !Array.isArray(table) ? table.rows.find((r) => r[1] === tool) : undefined;

  it('prints a peer that ran out of time as not finished, with the load at that moment', () => {
    expect(row('Astro 7.3.5, Node 22')).toEqual(
      expect.arrayContaining(['cold', 'did not finish in 10 min', '4.2']),
    );
  });

  it('keeps the figure of a build a peer finished before the time limit stopped a later one', () => {
    const rr =
      table && !Array.isArray(table)
        ? table.rows.filter((r) => String(r[1]).startsWith('React Router'))
        : [];
    expect(rr.map((r) => [r[2], r[3], r[6], r[7]])).toEqual([
      ['cold', '179.13 s', '10.6', 'ours 13.3× faster'],
      ['warm, unchanged', 'did not finish in 20 min', '11.9', ''],
    ]);
  });

  it('puts the load average and the bytes written beside each figure, and the ratio from the run', () => {
    expect(row('Next (static export) 16.4.6, Node 20')).toEqual([
      '100,000',
      'Next (static export) 16.4.6, Node 20',
      'cold',
      '12.00 s',
      '700 MB',
      '1024 MB',
      '3.0',
      'ours 3.0× faster',
    ]);
    expect(row('ssg (ours), Node 22')?.[7]).toBe('Node 20 time ÷ this: 1.3×');
  });
});
