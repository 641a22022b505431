// <Slice>: the placeholder of a slice (a shared part rendered once per build).
import type { ComponentType } from 'react';
import type { SliceProps } from '../site/index.ts';
import { useRuntime } from './context.ts';

const wrapperStyle = { display: 'contents' } as const;

/**
 * A part shared by pages (the footer), rendered once per build. On the server the pre-rendered
 * HTML is embedded; in the browser the slice's component hydrates it with its slice data.
 */
export function Slice({ alias }: { alias: string }) {
  const { resources, collector } = useRuntime();
  if (collector) {
    collector.slices.set(alias, alias);
    const html = collector.sliceHtml.get(alias);
    if (html === undefined)
      throw new Error(`Slice "${alias}" is not defined by the site's slices().`);
    return (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the slice's own renderToString output, made once per build
      <div data-ssg-slice={alias} style={wrapperStyle} dangerouslySetInnerHTML={{ __html: html }} />
    );
  }
  const name = resources.page.slicesMap[alias] ?? alias;
  const slice = resources.slices[name];
  if (!slice) throw new Error(`Slice "${alias}" was not loaded for ${resources.path}.`);
  const Component = (slice.component as { default: ComponentType<SliceProps> }).default;
  return (
    <div data-ssg-slice={alias} style={wrapperStyle}>
      <Component data={slice.data.result.data} sliceContext={slice.data.result.sliceContext} />
    </div>
  );
}
