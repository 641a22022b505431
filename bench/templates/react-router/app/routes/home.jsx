import { Link } from 'react-router';

export const meta = () => [{ title: 'Benchmark site' }];

/** Home page of the benchmark site: links to the first pages (as in the other sites). */
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
