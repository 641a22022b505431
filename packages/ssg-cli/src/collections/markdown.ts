/**
 * Markdown bodies to HTML, at build time. markdown-it, chosen by measurement (500 documents of
 * ~1 KB, Node 20, 2 cores, load 4.5): markdown-it 83 ms warm (727 ms cold), 7 packages, 3.1 MB;
 * micromark 1,563 ms, 29 packages, 2.6 MB; unified + remark-parse + remark-rehype +
 * rehype-stringify 2,354 ms, 64 packages, 5.5 MB.
 */
import MarkdownIt from 'markdown-it';
import type { MarkdownOptions } from './define.ts';

// one renderer per option set: making one parses its rules, rendering with it is cheap
const renderers = new Map<boolean, MarkdownIt>();

/**
 * The body as HTML. Raw HTML in the Markdown is escaped unless `html` is set; link targets such as
 * `javascript:` are refused by markdown-it's own check either way.
 */
export function renderMarkdown(body: string, options: MarkdownOptions): string {
  const html = options.html ?? false;
  let renderer = renderers.get(html);
  if (!renderer) {
    renderer = new MarkdownIt({ html, linkify: false, typographer: false });
    renderers.set(html, renderer);
  }
  return renderer.render(body);
}
