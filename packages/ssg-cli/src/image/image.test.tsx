// Real: <Image> and imagePreload rendered to HTML by React's server renderer. Faked: the ImageData (hand-written).
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { headToHtml } from '../shared/head-html.ts';
import { Image } from './image.tsx';
import { imagePreload } from './preload.ts';
import type { ImageData } from './types.ts';

const photo: ImageData = {
  src: '/_ssg/image/a.h-1280.jpg',
  srcset: '/_ssg/image/a.h-320.jpg 320w, /_ssg/image/a.h-1280.jpg 1280w',
  sources: [
    { type: 'image/avif', srcset: '/_ssg/image/a.h-320.avif 320w' },
    { type: 'image/webp', srcset: '/_ssg/image/a.h-320.webp 320w' },
  ],
  width: 1280,
  height: 960,
  sizes: '100vw',
  placeholder: 'data:image/webp;base64,AAAA',
};

describe('<Image>', () => {
  it('renders a picture: AVIF, WebP, then a lazy img with its size and placeholder', () => {
    const html = renderToString(<Image image={photo} alt="Recepção" sizes="50vw" />);
    expect(html).toMatch(/^<picture><source type="image\/avif" srcSet="[^"]+" sizes="50vw"\/>/);
    expect(html).toContain('<source type="image/webp"');
    expect(html).toContain('alt="Recepção"');
    expect(html).toContain('width="1280" height="960"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('background-image:url(data:image/webp;base64,AAAA)');
    expect(html).not.toContain('fetchpriority');
    expect(html).not.toContain('<link'); // React must not add preloads of its own
  });
  it('marks its img for the default sizing (no overflow) and keeps the style to the placeholder', () => {
    const html = renderToString(<Image image={photo} alt="" className="hero" />);
    expect(html).toContain('<img class="hero" data-ssg-image=""');
    expect(html).not.toMatch(/max-width|height:auto/);
  });
  it('gives a priority image high priority and no lazy loading', () => {
    const html = renderToString(<Image image={photo} alt="" priority />);
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('loading="eager"');
    expect(html).toContain('alt=""');
  });
  it('renders an SVG as a plain img', () => {
    const svg = { ...photo, src: '/_ssg/image/l.h.svg', srcset: '', sources: [] };
    const { placeholder: _p, ...plain } = svg;
    const html = renderToString(<Image image={plain} alt="Logo" />);
    expect(html).toMatch(/^<img /);
    expect(html).not.toContain('srcSet');
  });
  it('preloads the best format with the same sizes', () => {
    const head = headToHtml({ title: 't', link: [imagePreload(photo, '50vw')] });
    expect(head).toContain(
      'rel="preload" href="/_ssg/image/a.h-1280.jpg" type="image/avif" as="image" imagesrcset="/_ssg/image/a.h-320.avif 320w" imagesizes="50vw" fetchpriority="high"',
    );
  });
});
