import * as React from 'react';
import { Link } from 'gatsby';

export default function NotFound() {
  return (
    <main>
      <h1>Not found</h1>
      <Link to="/">Home</Link>
    </main>
  );
}

export const Head = () => <title>Not found</title>;
