// The page's head in the browser: replaces the managed <head> tags on client navigation.
import type { HeadTags } from '@ssg/loader/contract';
import { HEAD_MARK, headToHtml } from './head-html.ts';

/**
 * The page's head in the browser, after a client navigation. Tags the new page shares with the
 * old one stay as they are (a preload is not fetched again); the others are replaced.
 */
export function applyHead(head: HeadTags | undefined, doc: Document = document): void {
  if (!head) return;
  if (doc.title !== head.title) doc.title = head.title;
  const template = doc.createElement('template');
  template.innerHTML = headToHtml(head).replace(/^<title>.*?<\/title>/, '');
  // The old page's tags by their markup; a new tag with the same markup keeps the old element.
  const unmatched = new Map<string, Element[]>();
  for (const old of Array.from(doc.head.querySelectorAll(`[${HEAD_MARK}]`))) {
    unmatched.set(old.outerHTML, [...(unmatched.get(old.outerHTML) ?? []), old]);
  }
  for (const tag of Array.from(template.content.children)) {
    if (unmatched.get(tag.outerHTML)?.shift()) tag.remove();
  }
  for (const old of [...unmatched.values()].flat()) old.remove();
  doc.head.append(template.content);
}
