// A page's head tags as HTML: the build writes them, the client replaces the marked ones.
import type { HeadTags } from '@ssg/loader/contract';
import { escapeAttribute, escapeHtml, jsonForScript } from './escape.ts';

/** `<head>` elements the framework manages carry this attribute; navigation replaces exactly them. */
export const HEAD_MARK = 'data-ssg-head';

/** The page's head as HTML, at build time. */
export function headToHtml(head: HeadTags): string {
  const parts = [`<title>${escapeHtml(head.title)}</title>`];
  for (const meta of head.meta ?? []) {
    const key =
      meta.property !== undefined
        ? `property="${escapeAttribute(meta.property)}"`
        : `name="${escapeAttribute(meta.name ?? '')}"`;
    parts.push(`<meta ${HEAD_MARK} ${key} content="${escapeAttribute(meta.content)}">`);
  }
  for (const link of head.link ?? []) {
    const extra = (
      [
        'hreflang',
        'type',
        'as',
        'crossorigin',
        'imagesrcset',
        'imagesizes',
        'fetchpriority',
        'blocking',
      ] as const
    )
      .map((key) => (link[key] ? ` ${key}="${escapeAttribute(link[key])}"` : ''))
      .join('');
    parts.push(
      `<link ${HEAD_MARK} rel="${escapeAttribute(link.rel)}" href="${escapeAttribute(link.href)}"${extra}>`,
    );
  }
  for (const data of head.jsonLd ?? []) {
    parts.push(`<script ${HEAD_MARK} type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return parts.join('');
}
