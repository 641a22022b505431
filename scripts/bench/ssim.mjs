/**
 * SSIM (Wang, Bovik, Sheikh, Simoncelli 2004) of two images of the same size, over their luma:
 * the mean of the index over 8×8 windows every 4 pixels, uniform weights, C1 = (0.01·255)²,
 * C2 = (0.03·255)². Pixels come from sharp's raw greyscale output (libvips' luminance).
 */

const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;
const WINDOW = 8;
const STEP = 4;

/**
 * SSIM of two greyscale rasters of `width`×`height` (one byte a pixel); 1 means identical.
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 * @param {number} width
 * @param {number} height
 */
export function ssimOfLuma(a, b, width, height) {
  if (a.length !== width * height || b.length !== width * height)
    throw new Error(`ssim: rasters of ${a.length} and ${b.length} bytes for ${width}×${height}`);
  const n = WINDOW * WINDOW;
  let sum = 0;
  let windows = 0;
  for (let y = 0; y + WINDOW <= height; y += STEP) {
    for (let x = 0; x + WINDOW <= width; x += STEP) {
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      for (let j = 0; j < WINDOW; j++) {
        const row = (y + j) * width + x;
        for (let i = 0; i < WINDOW; i++) {
          const pa = a[row + i] ?? 0;
          const pb = b[row + i] ?? 0;
          sa += pa;
          sb += pb;
          saa += pa * pa;
          sbb += pb * pb;
          sab += pa * pb;
        }
      }
      const ma = sa / n;
      const mb = sb / n;
      // sample variances and covariance of the window
      const va = (saa - sa * ma) / (n - 1);
      const vb = (sbb - sb * mb) / (n - 1);
      const cov = (sab - sa * mb) / (n - 1);
      sum += ((2 * ma * mb + C1) * (2 * cov + C2)) / ((ma * ma + mb * mb + C1) * (va + vb + C2));
      windows++;
    }
  }
  return windows > 0 ? sum / windows : 1;
}

/**
 * SSIM of two encoded images (any format sharp decodes) over their luma.
 * @param {typeof import('sharp')} sharp
 * @param {Buffer} encoded
 * @param {Buffer} reference
 */
export async function ssimOfFiles(sharp, encoded, reference) {
  const grey = (/** @type {Buffer} */ bytes) =>
    sharp(bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
  const [x, r] = await Promise.all([grey(encoded), grey(reference)]);
  if (x.info.width !== r.info.width || x.info.height !== r.info.height)
    throw new Error(
      `ssim: ${x.info.width}×${x.info.height} against ${r.info.width}×${r.info.height}`,
    );
  return ssimOfLuma(x.data, r.data, x.info.width, x.info.height);
}
