import Link from 'next/link';

export const metadata = { title: 'Not found' };

export default function NotFound() {
  return (
    <main>
      <h1>Not found</h1>
      <Link href="/">Home</Link>
    </main>
  );
}
