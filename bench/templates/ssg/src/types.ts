/** One generated page, as written by bench/generate.mjs into content/pages.json. */
export interface BenchPage {
  id: number;
  path: string;
  title: string;
  date: string;
  tags: string[];
  paragraphs: string[];
  links: Array<{ to: string; label: string }>;
}
