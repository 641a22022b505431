import { Link } from 'react-router';

export const meta = () => [{ title: 'Not found' }];

export default function NotFound() {
  return (
    <main>
      <h1>Not found</h1>
      <Link to="/">Home</Link>
    </main>
  );
}
