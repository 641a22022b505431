import { type LayoutProps, Link, useLocation, useStaticQuery } from '@ssg/cli/runtime';
import { siteQuery } from './content.ts';
import './styles.css';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/about/', label: 'About' },
  { to: '/posts/hello-markdown/', label: 'Markdown' },
];

/** Around every page; stays mounted while visitors move between pages. */
export function Layout({ children }: LayoutProps) {
  const { title, description } = useStaticQuery(siteQuery);
  const { pathname } = useLocation();
  return (
    <>
      <header>
        <Link to="/" className="brand">
          {title}
        </Link>
        <nav aria-label="Main">
          {NAV.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              aria-current={pathname === item.to ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>
      </header>
      <main>{children}</main>
      <footer>{description}</footer>
    </>
  );
}
