/**
 * How wide a `sizes` attribute can ever ask an image to be: its entries (a media condition and a
 * length, the last without a condition) read the way a browser picks one, over every viewport
 * width up to the widest the site lays out. Pure: tested without a browser.
 */

/** CSS px of one `em`/`rem` in a media query or a length: the browsers' default font size. */
const EM_PX = 16;
/** A step below a breakpoint: `(min-width: 640px)` fails at 639.98 px, not only at 639. */
const BELOW = 1 / 64;

type Length = { px: number; vw: number };
/** Viewport widths where a condition holds, or `unknown` (orientation, `or`, `not`, …). */
type Range = { min: number; max: number } | 'unknown';
type Entry = { when: Range | 'always'; length: Length };

/**
 * The largest slot, in CSS px, `sizes` names on viewports up to `widestViewport` px wide, or
 * undefined when a length cannot be known ahead (`auto`, `calc()`, `%`, a unit other than
 * px, vw, em, rem): then nothing may be left out.
 */
export function largestSlot(sizes: string, widestViewport: number): number | undefined {
  const entries = parseSizes(sizes);
  if (!entries) return undefined;
  // a slot grows with the viewport and the entry that applies changes only at a breakpoint:
  // the largest is at a breakpoint, just below one, or at the widest viewport
  const probes = new Set<number>([widestViewport]);
  for (const { when } of entries) {
    if (typeof when !== 'object') continue;
    for (const edge of [when.min, when.max])
      for (const v of [edge - BELOW, edge, edge + BELOW])
        if (Number.isFinite(v) && v >= 0 && v <= widestViewport) probes.add(v);
  }
  let largest = 0;
  for (const viewport of probes) {
    for (const { when, length } of entries) {
      const holds =
        when === 'always' || (when !== 'unknown' && viewport >= when.min && viewport <= when.max);
      // an unknown condition may hold here: its length counts, and the next entries may apply too
      if (holds || when === 'unknown')
        largest = Math.max(largest, length.px + (length.vw * viewport) / 100);
      if (holds) break;
    }
  }
  return largest;
}

/** The entries of `sizes`, or undefined when one of its lengths is not known ahead. */
function parseSizes(sizes: string): Entry[] | undefined {
  const entries: Entry[] = [];
  for (const part of splitTopLevel(sizes)) {
    const match = /^(.*?)\s*(-?\d*\.?\d+(?:e[+-]?\d+)?)(px|vw|em|rem)?$/i.exec(part.trim());
    if (!match) return undefined;
    const [, condition = '', number = '', unit = ''] = match;
    const n = Number(number);
    // a bare number is allowed for 0 only; and a length ending a word (`max-width:10px` glued) is not one
    if ((unit === '' && n !== 0) || (condition !== '' && !/[\s)]$/.test(condition)))
      return undefined;
    const u = unit.toLowerCase();
    const length =
      u === 'vw' ? { px: 0, vw: n } : { px: u === 'em' || u === 'rem' ? n * EM_PX : n, vw: 0 };
    entries.push({ when: condition === '' ? 'always' : rangeOf(condition), length });
  }
  return entries.length > 0 ? entries : undefined;
}

/** The parts of a list separated by commas outside parentheses. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.filter((p) => p.trim() !== '');
}

/** `(min-width: 640px) and (max-width: 60em)`, `(width >= 640px)`: the widths where it holds. */
function rangeOf(condition: string): Range {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  const features = condition.trim().split(/\s+and\s+/i);
  for (const feature of features) {
    const f = /^\(\s*(min-width|max-width)\s*:\s*(\d*\.?\d+)(px|em|rem)\s*\)$/i.exec(feature);
    const r = /^\(\s*width\s*(<=|>=|<|>)\s*(\d*\.?\d+)(px|em|rem)\s*\)$/i.exec(feature);
    const [, name = '', number = '', unit = ''] = f ?? r ?? [];
    if (!name) return 'unknown';
    const px = Number(number) * (unit.toLowerCase() === 'px' ? 1 : EM_PX);
    const lower = name.toLowerCase();
    if (lower === 'min-width' || lower === '>=') min = Math.max(min, px);
    else if (lower === '>') min = Math.max(min, px + BELOW);
    else if (lower === 'max-width' || lower === '<=') max = Math.min(max, px);
    else max = Math.min(max, px - BELOW);
  }
  return { min, max };
}
