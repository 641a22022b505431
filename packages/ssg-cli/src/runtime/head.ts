import type { HeadTags } from '@ssg/loader/contract';
import { HEAD_MARK, headToHtml } from './head-html.ts';

/** The page's head in the browser, after a client navigation. */
export function applyHead(head: HeadTags | undefined, doc: Document = document): void {
  if (!head) return;
  doc.title = head.title;
  for (const old of Array.from(doc.head.querySelectorAll(`[${HEAD_MARK}]`))) old.remove();
  const template = doc.createElement('template');
  template.innerHTML = headToHtml(head).replace(/^<title>.*?<\/title>/, '');
  doc.head.append(template.content);
}
