/**
 * Phone-like photos made with sharp for the image tests: smooth shapes of colour (a scene)
 * under fine grain (sensor noise), so they compress like real photos (~3 MB at 4000×3000).
 */
import sharp from 'sharp';

/**
 * A photo-sized JPEG of the scene alone (no grain): decoded and encoded in about half the time,
 * for tests that check which variants are made, not how many bytes they take.
 */
export function smoothPhotoJpeg(width: number, height: number, seed: number): Promise<Buffer> {
  const small = scene(width, height, seed);
  return sharp(small.pixels, { raw: small.raw })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Colours at 1/80 of the size, the same on every run for a `seed`. */
function scene(width: number, height: number, seed: number) {
  const raw = {
    width: Math.ceil(width / 80),
    height: Math.ceil(height / 80),
    channels: 3 as const,
  };
  const pixels = Buffer.alloc(raw.width * raw.height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0; // a fixed LCG: the same photo on every run
    pixels[i] = 40 + ((x >>> 16) % 180);
  }
  return { raw, pixels };
}

/** A JPEG of `width`×`height`, different per `seed`; EXIF orientation when asked. */
export async function photoJpeg(
  width: number,
  height: number,
  seed: number,
  orientation?: number,
): Promise<Buffer> {
  const small = scene(width, height, seed);
  const grain = await sharp({
    create: {
      width: 509,
      height: 509,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .raw()
    .toBuffer();
  // grain laid over the scene (overlay: mid-grey leaves it as it is)
  const image = sharp(small.pixels, { raw: small.raw })
    .resize(width, height, { kernel: 'cubic' })
    // one tile of grain repeated: making noise for 12 million pixels takes seconds
    .composite([
      { input: grain, raw: { width: 509, height: 509, channels: 3 }, tile: true, blend: 'overlay' },
    ])
    .jpeg({ quality: 90 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

/** A PNG with a transparent background and an opaque disc. */
export function alphaPng(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#c33"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A detailed JPEG (foliage, gravel): grain at several scales over the scene, so it stays
 * detailed when made smaller, where photoJpeg's fine grain averages out.
 */
export async function detailedPhotoJpeg(
  width: number,
  height: number,
  seed: number,
): Promise<Buffer> {
  const layers = [];
  for (const scale of [48, 12, 3]) {
    const w = Math.ceil(width / scale) + 1;
    const h = Math.ceil(height / scale) + 1;
    const noise = await sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 28 },
      },
    })
      .png()
      .toBuffer();
    const input = await sharp(noise)
      .resize(w * scale, h * scale, { kernel: 'cubic' })
      .extract({ left: 0, top: 0, width, height })
      .raw()
      .toBuffer();
    layers.push({ input, raw: { width, height, channels: 3 as const }, blend: 'overlay' as const });
  }
  const base = await photoJpeg(width, height, seed);
  return sharp(base).composite(layers).jpeg({ quality: 90 }).toBuffer();
}
