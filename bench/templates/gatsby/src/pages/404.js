// biome-ignore-all lint/correctness/noUnusedImports: Gatsby compiles JSX with the classic runtime, which needs React in scope

import { Link } from 'gatsby';
import * as React from 'react';

export default function NotFound() {
  return (
    <main>
      <h1>Not found</h1>
      <Link to="/">Home</Link>
    </main>
  );
}

export const Head = () => <title>Not found</title>;
