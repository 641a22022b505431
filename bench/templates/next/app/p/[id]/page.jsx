// biome-ignore-all lint/suspicious/noArrayIndexKey: fixed lists, never reordered; link targets may repeat
import Link from 'next/link';
import { allPages, pageById } from '../../../lib/pages.js';

// One static route per entry of pages.json; no other id exists.
export const dynamicParams = false;

export function generateStaticParams() {
  return allPages().map((p) => ({ id: String(p.id) }));
}

/** @typedef {{ params: Promise<{ id: string }> }} PageProps */

/** @param {PageProps} props */
export async function generateMetadata({ params }) {
  const { id } = await params;
  return { title: pageById(id).title };
}

/** The benchmark page: the same markup as the ssg, Gatsby and Astro templates. */
/** @param {PageProps} props */
export default async function Page({ params }) {
  const { id } = await params;
  const p = pageById(id);
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
            <Link href={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
