// biome-ignore-all lint/correctness/noUnusedImports: Gatsby compiles JSX with the classic runtime, which needs React in scope

import { Link } from 'gatsby';
import * as React from 'react';

/** Home page of the benchmark site: links to the first pages (as in the ssg and Astro sites). */
export default function Home() {
  return (
    <main>
      <h1>Benchmark site</h1>
      <ul>
        {[1, 2, 3, 4, 5].map((i) => (
          <li key={i}>
            <Link to={`/p/${i}/`}>Page {i}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const Head = () => <title>Benchmark site</title>;
