// A Markdown page: a static part (the name ends in .static.tsx), so none of it reaches the
// browser's JavaScript; a client navigation shows the HTML the build rendered.
import type { PageProps } from '@ssg/cli/runtime';

export interface PostData {
  title: string;
  /** The Markdown body as HTML, rendered at build time (HTML in the Markdown shows as text). */
  html: string;
}

export default function Post({ data }: PageProps<PostData>) {
  return (
    <article>
      <h1>{data.title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by the build from Markdown, raw HTML escaped */}
      <div dangerouslySetInnerHTML={{ __html: data.html }} />
    </article>
  );
}
