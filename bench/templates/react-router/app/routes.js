// The home page, one dynamic route for every entry of pages.json, and a catch-all not-found page.
import { index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.jsx'),
  route('p/:id', 'routes/page.jsx'),
  route('*', 'routes/not-found.jsx'),
];
