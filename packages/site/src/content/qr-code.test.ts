// @vitest-environment node
// The real qrcode encoder; the SVG path is checked against the encoder's own module matrix size. Nothing faked.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrSvg } from './qr-code.ts';

const LINK = 'https://wa.me/5511987654321?text=Ol%C3%A1';

describe('build-time QR code', () => {
  it.each(['low', 'medium', 'quartile', 'high'] as const)('encodes at level %s', (level) => {
    const qr = qrSvg(LINK, { level });
    expect(qr.size).toBe(4 * qr.version + 17 + 2 * QUIET_ZONE);
    expect(qr.path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
  });
  it('uses more modules at a higher error-correction level for the same text', () => {
    expect(qrSvg(LINK, { level: 'high' }).version).toBeGreaterThan(
      qrSvg(LINK, { level: 'low' }).version,
    );
  });
  it('accepts versions 1 to 40 and refuses others', () => {
    expect(qrSvg('A', { version: 1 }).size).toBe(21 + 2 * QUIET_ZONE);
    expect(qrSvg('A', { version: 40 }).size).toBe(177 + 2 * QUIET_ZONE);
    expect(() => qrSvg('A', { version: 0 })).toThrow(RangeError);
    expect(() => qrSvg('A', { version: 41 })).toThrow(RangeError);
  });
});

describe('the encoder the build loads', () => {
  it("loads qrcode's encoder only, none of its PNG, canvas or terminal renderers", () => {
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.some((file) => /qrcode[/\\]lib[/\\]core[/\\]qrcode\.js$/.test(file))).toBe(true);
    expect(
      loaded.filter((file) => /qrcode[/\\]lib[/\\]renderer|[/\\]pngjs[/\\]/.test(file)),
    ).toEqual([]);
  });
});
