import { Link, type PageProps } from '@ssg/cli/runtime';
import type { PageText } from '../content.ts';

export default function Home({ data }: PageProps<PageText>) {
  return (
    <>
      <h1>{data.heading}</h1>
      <p>{data.text}</p>
      <p>
        <Link to="/about/">Read about this site</Link>
      </p>
    </>
  );
}
