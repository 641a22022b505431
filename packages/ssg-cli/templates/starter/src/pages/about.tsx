import type { PageProps } from '@ssg/cli/runtime';
import type { PageText } from '../content.ts';

export default function About({ data }: PageProps<PageText>) {
  return (
    <>
      <h1>{data.heading}</h1>
      <p>{data.text}</p>
    </>
  );
}
