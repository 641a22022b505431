// @vitest-environment jsdom
// Real: React 19 (development build) rendering on the "server" (renderToString) and hydrating in
// jsdom, the static-part wrappers and stubs; faked: the runtime state (no loader: navigate recorded).
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeContext, type RuntimeState } from './context.ts';
import { staticComponent, staticPart } from './static.tsx';
import { extractStaticHtml, staticKey } from './static-key.ts';

interface AboutProps {
  title: string;
  items: string[];
}
function About({ title, items }: AboutProps) {
  return (
    <section>
      <h2>{title}</h2>
      <ul>
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
      <a href="/servicos/">Serviços</a> <a href="https://example.com/">fora</a>
    </section>
  );
}
const ID = 'src/about.static.tsx#About';
const props: AboutProps = { title: 'Quem somos', items: ['Gatos', 'Cães & aves'] };

function runtime(staticHtml: Record<string, string>, navigate = vi.fn(async () => {})) {
  const state: RuntimeState = {
    resources: {
      status: 'success',
      path: '/',
      page: {
        componentChunkName: 'component---home',
        path: '/',
        result: { data: null, pageContext: {} },
        staticQueryHashes: [],
        slicesMap: {},
        staticHtml,
      },
      component: null,
      staticQueryResults: {},
      slices: {},
    },
    location: { pathname: '/', search: '', hash: '' },
    trailingSlash: 'always',
    navigate,
  };
  return { state, navigate };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('staticKey', () => {
  it('is the same for the same data in any key order, and differs when the data does', () => {
    expect(staticKey(ID, { a: 1, b: [1, { c: 2, d: 'x' }] })).toBe(
      staticKey(ID, { b: [1, { d: 'x', c: 2 }], a: 1, e: undefined }),
    );
    expect(staticKey(ID, { a: 1 })).not.toBe(staticKey(ID, { a: 2 }));
    expect(staticKey(ID, { a: 1 }).startsWith(`${ID}:`)).toBe(true);
  });
});

describe('staticComponent (server render)', () => {
  const ServerAbout = staticComponent(ID, About);

  it('renders the component inside <ssg-static data-key>, whose inner HTML the build extracts', () => {
    const html = renderToString(<ServerAbout {...props} />);
    const key = staticKey(ID, props);
    expect(html.startsWith(`<ssg-static data-key="${key}" style="display:contents">`)).toBe(true);
    const found = extractStaticHtml(`<main>${html}</main>`);
    expect(Object.keys(found)).toEqual([key]);
    expect(found[key]).toContain('<h2>Quem somos</h2>');
    expect(found[key]).toContain('Cães &amp; aves');
  });

  it('marks a part inside another part once: the outer HTML holds the inner', () => {
    const Outer = staticComponent('src/outer.static.tsx#Outer', () => <ServerAbout {...props} />);
    const html = renderToString(<Outer />);
    expect(html.match(/<ssg-static/g)).toHaveLength(1);
  });

  it('refuses props that JSON cannot carry: functions and React elements', () => {
    const Loose = staticComponent('src/x.static.tsx#X', (_: { on?: () => void; el?: unknown }) => (
      <p>x</p>
    ));
    expect(() => renderToString(<Loose on={() => {}} />)).toThrow(/received a function prop/);
    expect(() => renderToString(<Loose el={<b>no</b>} />)).toThrow(/React element prop/);
  });
});

describe('staticPart (browser)', () => {
  const ServerAbout = staticComponent(ID, About);
  const ClientAbout = staticPart<AboutProps>(ID);

  it('hydrates the server HTML without a mismatch warning, keeping its nodes and leaving them to no fiber', async () => {
    const serverHtml = renderToString(<ServerAbout {...props} />);
    const root = document.createElement('div');
    root.innerHTML = serverHtml;
    document.body.append(root);
    const heading = root.querySelector('h2');
    const { state } = runtime(extractStaticHtml(serverHtml));
    const errors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrateRoot(
        root,
        <RuntimeContext.Provider value={state}>
          <ClientAbout {...props} />
        </RuntimeContext.Provider>,
      );
    });
    expect(errors).not.toHaveBeenCalled();
    expect(root.querySelector('h2')).toBe(heading);
    // React owns the part's element, not what is inside it
    const owned = (node: Element) => Object.keys(node).some((k) => k.startsWith('__reactFiber'));
    expect(owned(root.querySelector('ssg-static') as Element)).toBe(true);
    expect(owned(heading as Element)).toBe(false);
  });

  it('shows the HTML from the page-data on a client render, and its site links navigate on the client', async () => {
    const serverHtml = renderToString(<ServerAbout {...props} />);
    const { state, navigate } = runtime(extractStaticHtml(serverHtml));
    const root = document.createElement('div');
    document.body.append(root);
    const { createRoot } = await import('react-dom/client');
    await act(async () => {
      createRoot(root).render(
        <RuntimeContext.Provider value={state}>
          <ClientAbout {...props} />
        </RuntimeContext.Provider>,
      );
    });
    const part = root.querySelector('ssg-static') as Element;
    expect(part.getAttribute('data-key')).toBe(staticKey(ID, props));
    expect(part.innerHTML).toBe(extractStaticHtml(serverHtml)[staticKey(ID, props)]);
    const [inside, outside] = [...root.querySelectorAll('a')] as HTMLAnchorElement[];
    const click = (a: HTMLAnchorElement) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      a.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click(inside as HTMLAnchorElement)).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/servicos/');
    expect(click(outside as HTMLAnchorElement)).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
