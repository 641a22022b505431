// @vitest-environment jsdom
// Real: applyHead on jsdom's document, with head tags as the build writes them. Faked: nothing.
import type { HeadTags } from '@ssg/loader/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { headToHtml } from '../shared/head-html.ts';
import { applyHead } from './head.ts';

const font = {
  rel: 'preload',
  href: '/fonts/a.woff2',
  as: 'font',
  crossorigin: 'anonymous' as const,
};
const home: HeadTags = {
  title: 'Início',
  meta: [
    { name: 'description', content: 'A clínica' },
    { property: 'og:site_name', content: 'Amigo Fiel' },
  ],
  link: [font, { rel: 'canonical', href: 'https://x.test/' }],
  jsonLd: [{ '@type': 'VeterinaryCare', name: 'Unidade' }],
};
const services: HeadTags = {
  title: 'Serviços',
  meta: [
    { name: 'description', content: 'Nossos serviços' },
    { property: 'og:site_name', content: 'Amigo Fiel' },
  ],
  link: [font, { rel: 'canonical', href: 'https://x.test/servicos/' }],
};

const tags = () => Array.from(document.head.querySelectorAll('[data-ssg-head]'));

beforeEach(() => {
  // The head of a page as the server wrote it.
  document.head.innerHTML = `<meta charset="utf-8">${headToHtml(home)}<style>p{}</style>`;
});

describe('applyHead after a client navigation', () => {
  it("ends with exactly the new page's tags and title", () => {
    applyHead(services);
    expect(document.title).toBe('Serviços');
    const expected = document.createElement('template');
    expected.innerHTML = headToHtml(services).replace(/^<title>.*?<\/title>/, '');
    expect(
      tags()
        .map((t) => t.outerHTML)
        .sort(),
    ).toEqual(
      Array.from(expected.content.children)
        .map((t) => t.outerHTML)
        .sort(),
    );
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    // What the framework does not manage stays.
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
    expect(document.head.querySelector('style')).not.toBeNull();
  });

  it('keeps the elements of the tags both pages share, so a preload is not fetched again', () => {
    const preload = document.head.querySelector('link[rel="preload"]');
    const siteName = document.head.querySelector('meta[property="og:site_name"]');
    const description = document.head.querySelector('meta[name="description"]');
    applyHead(services);
    expect(document.head.querySelector('link[rel="preload"]')).toBe(preload);
    expect(document.head.querySelector('meta[property="og:site_name"]')).toBe(siteName);
    expect(preload?.isConnected).toBe(true);
    expect(description?.isConnected).toBe(false);
  });

  it('keeps a repeated tag as many times as the new page has it', () => {
    const twice: HeadTags = { title: 'Início', link: [font, font] };
    applyHead(twice);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(2);
    applyHead(services);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(1);
  });
});
