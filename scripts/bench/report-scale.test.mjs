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
