// biome-ignore-all lint/correctness/noUnusedImports: Gatsby compiles JSX with the classic runtime, which needs React in scope
// biome-ignore-all lint/suspicious/noArrayIndexKey: fixed lists, never reordered; link targets may repeat

import { Link } from 'gatsby';
import * as React from 'react';

/** @typedef {{ pageContext: import('../../../../generate.mjs').Page }} PageProps */

/**
 * The benchmark page: the same markup as the ssg and Astro templates.
 * @param {PageProps} props
 */
export default function Page({ pageContext: p }) {
  return (
    <main>
      <h1>{p.title}</h1>
      <p className="meta">
        {p.date} · {p.tags.join(', ')}
      </p>
      {p.paragraphs.map((text, i) => (
        <p key={i}>{text}</p>
      ))}
      <ul>
        {p.links.map((link, i) => (
          <li key={i}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const Head = (/** @type {PageProps} */ { pageContext: p }) => <title>{p.title}</title>;
