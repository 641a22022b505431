/** The home, 404 and 500 pages of the benchmark site: a heading and a few links. */
import { Link } from '@ssg/cli/runtime';
import type { PageProps } from '@ssg/cli/site';

export interface MessageData {
  title: string;
  links: Array<{ to: string; label: string }>;
}

export default function Message({ data }: PageProps<MessageData>) {
  return (
    <main>
      <h1>{data.title}</h1>
      <ul>
        {data.links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
