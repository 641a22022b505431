import Link from 'next/link';

export const metadata = { title: 'Benchmark site' };

/** Home page of the benchmark site: links to the first pages (as in the other sites). */
export default function Home() {
  return (
    <main>
      <h1>Benchmark site</h1>
      <ul>
        {[1, 2, 3, 4, 5].map((i) => (
          <li key={i}>
            <Link href={`/p/${i}/`}>Page {i}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
