import { Link } from '@ssg/cli/runtime';

/** Shown when a page could not be loaded because the server failed. */
export default function ServerError() {
  return (
    <>
      <h1>Something went wrong</h1>
      <p>The page could not be loaded. Please try again in a moment.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </>
  );
}
