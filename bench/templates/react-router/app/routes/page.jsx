// biome-ignore-all lint/suspicious/noArrayIndexKey: fixed lists, never reordered; link targets may repeat
import { Link } from 'react-router';
import { pageById } from '../pages.server.js';

/** @typedef {import('../../../../generate.mjs').Page} Page */

/**
 * The page's data, at build time only (prerendered into the HTML and its `.data` file).
 * @param {{ params: { id?: string } }} args
 */
export function loader({ params }) {
  return pageById(params.id ?? '');
}

/** @param {{ loaderData: Page | undefined }} args */
export const meta = ({ loaderData }) => [{ title: loaderData?.title }];

/**
 * The benchmark page: the same markup as the ssg, Gatsby, Astro and Next templates.
 * @param {{ loaderData: Page }} props
 */
export default function Page({ loaderData: p }) {
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
