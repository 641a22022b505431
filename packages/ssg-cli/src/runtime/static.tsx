// Static parts: components of `*.static.tsx` files, rendered on the server, never hydrated.
import type { PageResources } from '@ssg/loader';
import { type ComponentType, createContext, createElement, useContext } from 'react';
import { useRuntime } from './context.ts';
import { idOfKey, type PropCheck, STATIC_TAG, staticKey } from './static-key.ts';
import { useStaticLinks } from './static-links.ts';

// display: contents — the part's element adds no box, so grids and flex rows see its children.
const wrapperStyle = { display: 'contents' } as const;

/** True below a static part: a part inside another is already in the outer one's HTML. */
const InsideStatic = /*#__PURE__*/ createContext(false);

/**
 * The server render's (and `ssg dev`'s) form of a static component: the real component inside
 * `<ssg-static data-key>`, whose inner HTML the build copies into the page-data.
 */
export function staticComponent<P extends object>(id: string, Real: ComponentType<P>) {
  // A static part has no code in the browser: what it is given must survive JSON as it is.
  const check: PropCheck = (value) => {
    const kind = typeof value;
    if (kind === 'function' || kind === 'symbol' || kind === 'bigint')
      throw new Error(
        `The static component ${id} received a ${kind} prop; static components (*.static.tsx) take plain data only.`,
      );
    if (typeof value === 'object' && value !== null && '$$typeof' in value)
      throw new Error(
        `The static component ${id} received a React element prop (children?); static components (*.static.tsx) take plain data only: render the elements inside the static component.`,
      );
  };
  function StaticOnServer(props: P) {
    if (useContext(InsideStatic)) return createElement(Real, props);
    const inner = createElement(InsideStatic.Provider, { value: true }, createElement(Real, props));
    return createElement(
      STATIC_TAG,
      { 'data-key': staticKey(id, props, check), style: wrapperStyle },
      inner,
    );
  }
  StaticOnServer.displayName = `Static(${id})`;
  return StaticOnServer;
}

/** A part's HTML in the page-data of the page shown, else in its slices', else by its id alone. */
function htmlOf(resources: PageResources, key: string): string | undefined {
  const maps = [
    resources.page.staticHtml,
    ...Object.values(resources.slices).map((s) => s.data.staticHtml),
  ];
  for (const map of maps) if (map?.[key] !== undefined) return map[key];
  // Props that differ from the server's (a path shown at another URL): the one part of that id.
  const id = idOfKey(key);
  const same = maps.flatMap((m) => Object.entries(m ?? {}).filter(([k]) => idOfKey(k) === id));
  return same.length === 1 ? same[0]?.[1] : undefined;
}

/**
 * The browser's form of a static component (the client build puts it in place of the module):
 * the server's HTML from the page-data, which React neither hydrates nor renders again. The HTML
 * is the exact text the server wrote inside the element, so hydration finds it equal.
 */
export function staticPart<P extends object>(id: string) {
  // biome-ignore lint/correctness/noComponentHookFactories: called once per export, at module level, by the stand-in module
  function StaticPart(props: P) {
    const runtime = useRuntime();
    const key = staticKey(id, props);
    const html = htmlOf(runtime.resources, key);
    if (html === undefined)
      console.error(
        `ssg: no HTML for the static part ${key} in the page-data of ${runtime.resources.path}.`,
      );
    const links = useStaticLinks(runtime, html ?? '');
    return createElement(STATIC_TAG, {
      'data-key': key,
      style: wrapperStyle,
      ...links,
      dangerouslySetInnerHTML: { __html: html ?? '' },
    });
  }
  StaticPart.displayName = `Static(${id})`;
  return StaticPart;
}
