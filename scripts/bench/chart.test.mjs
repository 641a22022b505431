// Pure functions on made-up figures; nothing runs a build and nothing is faked.
import { describe, expect, it } from 'vitest';
import { logLineChart, scaleCharts } from './chart.mjs';

const xsOf = (/** @type {string} */ svg, /** @type {string} */ colour) =>
  [
    ...svg.matchAll(
      new RegExp(`<circle cx="([\\d.]+)" cy="[\\d.]+" r="3.5" fill="${colour}"`, 'g'),
    ),
  ].map((m) => Number(m[1]));

describe('logLineChart', () => {
  const svg =
    logLineChart({
      title: 'Build time',
      xLabel: 'generated pages',
      yLabel: 'seconds',
      series: [
        {
          label: 'ours, Node 20',
          colour: '#111111',
          points: [
            [1000, 1],
            [10000, 4],
            [100000, 60],
          ],
        },
        {
          label: 'ours, Node 22',
          colour: '#222222',
          dashed: true,
          points: [
            [1000, 0.9],
            [10000, 3],
          ],
        },
      ],
    }) ?? '';

  it('draws one line per series with a legend entry and both axis labels', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    for (const text of [
      'ours, Node 20',
      'ours, Node 22',
      'generated pages',
      'seconds',
      'Build time',
    ])
      expect(svg).toContain(`>${text}</text>`);
    expect(svg).toMatch(/<polyline[^>]*stroke="#222222"[^>]*stroke-dasharray/);
  });

  it('puts the pages on a log scale: each tenfold step is the same distance', () => {
    // Each point appears twice per colour: once on the line and once in the legend.
    const [a = Number.NaN, b = Number.NaN, c = Number.NaN] = xsOf(svg, '#111111');
    expect(b - a).toBeCloseTo(c - b, 0);
  });

  it('returns null when there is nothing to draw', () => {
    expect(logLineChart({ title: 't', xLabel: 'x', yLabel: 'y', series: [] })).toBeNull();
  });
});

describe('scaleCharts', () => {
  it('makes a build-time and a peak-memory chart with one line per tool and Node version', () => {
    /**
     * @param {string} label
     * @param {string} node
     * @param {number} ms
     * @param {number} peak
     */
    const tool = (label, node, ms, peak) => ({
      label,
      node,
      version: '1.0.0',
      median: { cold: { ms, peakBytes: peak * 2 ** 20 } },
    });
    const charts = scaleCharts({
      sizes: {
        1000: {
          tools: { a: tool('Ours', '20.20.2', 1000, 250), b: tool('Ours', '22.23.3', 900, 260) },
        },
        10000: {
          tools: { a: tool('Ours', '20.20.2', 4000, 300), b: tool('Ours', '22.23.3', 3000, 310) },
        },
      },
    });
    expect(Object.keys(charts)).toEqual(['build-time.svg', 'peak-memory.svg']);
    for (const svg of Object.values(charts)) {
      expect(svg.match(/<polyline /g)).toHaveLength(2);
      expect(svg).toContain('>Ours 1.0.0, Node 20</text>');
      expect(svg).toContain('>Ours 1.0.0, Node 22</text>');
    }
  });
});
