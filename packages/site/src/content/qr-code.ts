/// <reference path="./qrcode-core.d.ts" />
/** Build-time QR codes: the `qrcode` encoder, drawn as one SVG path (no canvas, no browser JS). */
// The encoder alone: the package's main file also loads its PNG, canvas and terminal renderers
// (pngjs among them), a third of its import time on the build's main thread.
import { create } from 'qrcode/lib/core/qrcode.js';
import type { QrLevel } from './schema.ts';

const LEVELS: Record<QrLevel, 'L' | 'M' | 'Q' | 'H'> = {
  low: 'L',
  medium: 'M',
  quartile: 'Q',
  high: 'H',
};
export const QUIET_ZONE = 2;

export interface QrSvg {
  /** Side of the square viewBox in modules, quiet zone included. */
  size: number;
  /** Dark modules as one path, in module units. */
  path: string;
  version: number;
}

export function qrSvg(text: string, options: { level?: QrLevel; version?: number } = {}): QrSvg {
  const { level = 'medium', version } = options;
  if (!(level in LEVELS))
    throw new RangeError(`QR level "${level}" is not one of low, medium, quartile, high.`);
  if (version !== undefined && (!Number.isInteger(version) || version < 1 || version > 40))
    throw new RangeError(`QR version ${version} is outside 1 to 40.`);
  const qr = create(text, {
    errorCorrectionLevel: LEVELS[level],
    ...(version ? { version } : {}),
  });
  const n = qr.modules.size;
  const parts: string[] = [];
  // One rectangle per horizontal run of dark modules keeps the path short.
  for (let y = 0; y < n; y++) {
    let x = 0;
    while (x < n) {
      if (!qr.modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && qr.modules.get(y, x)) x++;
      parts.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`);
    }
  }
  return { size: n + QUIET_ZONE * 2, path: parts.join(''), version: qr.version };
}
