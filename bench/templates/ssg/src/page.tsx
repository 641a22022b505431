/** The benchmark page: the same markup as the Gatsby and Astro templates. */
import { Link } from '@ssg/cli/runtime';
import type { PageProps } from '@ssg/cli/site';
import type { BenchPage } from './types.ts';

export default function Page({ data: p }: PageProps<BenchPage>) {
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
