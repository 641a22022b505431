/**
 * Routes typed end to end: a registry of component name → the data its props take ties the
 * routes of `site.ts` to the components of `browser.ts`, so `tsc` rejects a route whose
 * component is not in `components` or whose data is not what that component reads. Types only:
 * nothing here exists at run time, so `site.ts` never loads a page module.
 */
import type { ComponentType, FunctionComponent } from 'react';

/**
 * Component name → the data its props take (`PageProps<Data>['data']`, `SliceProps<Data>['data']`):
 * an interface or type of the site (`object`, so an interface needs no index signature).
 */
export type ComponentRegistry = object;

/** A page or slice module: default export the component. */
export interface ComponentModule {
  default: ComponentType<never>;
}

/** A `components` map of `defineBrowser`: name → lazy import of the component's module. */
export type ComponentLoaderMap = Record<string, () => Promise<ComponentModule>>;

/** The props a component is called with, as far as a registry knows them (contexts are not checked). */
interface ComponentInput<Data> {
  data: Data;
  path: string;
  pageContext: never;
  sliceContext: never;
}

/**
 * The `components` a registry asks for: `defineBrowser<ComponentLoaders<Registry>>({...})` makes
 * `tsc` check that every name is there, no other, and each component takes its data.
 */
export type ComponentLoaders<Registry extends ComponentRegistry> = {
  [Name in keyof Registry]: () => Promise<{
    default: FunctionComponent<ComponentInput<Registry[Name]>>;
  }>;
};

type PropsOf<Component> = Component extends (props: infer Props) => unknown
  ? Props
  : Component extends abstract new (
        props: infer Props,
      ) => unknown
    ? Props
    : unknown;

type DataIn<Props> = Props extends { data: infer Data } ? Data : unknown;

type LoadedComponent<Loader> = Loader extends () => Promise<{ default: infer Component }>
  ? Component
  : never;

/**
 * The registry read from a browser definition (`ComponentDataOf<typeof browser>`, with
 * `import type browser from './browser.ts'`): each component's data from its props.
 */
export type ComponentDataOf<Browser extends { components: ComponentLoaderMap }> = {
  [Name in keyof Browser['components'] & string]: DataIn<
    PropsOf<LoadedComponent<Browser['components'][Name]>>
  >;
};

/** `data` (or `loadData`) as the component takes it: required unless the component reads no data. */
export type DataField<Data> = unknown extends Data
  ? { data?: Data; loadData?: () => Data }
  : undefined extends Data
    ? { data?: Data; loadData?: never } | { loadData: () => Data; data?: never }
    : { data: Data; loadData?: never } | { loadData: () => Data; data?: never };

/** A slice's `data` as its component takes it (slices have no `loadData`). */
export type SliceDataField<Data> = unknown extends Data
  ? { data?: Data }
  : undefined extends Data
    ? { data?: Data }
    : { data: Data };
