import { Link, type PageProps } from '@ssg/cli/runtime';

/** Shown for any path the site does not have; `path` is the one asked for. */
export default function NotFound({ path }: PageProps) {
  return (
    <>
      <h1>Page not found</h1>
      <p>There is no page at {path}.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </>
  );
}
