/**
 * Static parts: every component a `*.static.tsx` module exports is rendered on the server and
 * never hydrated. This Vite plugin puts a stand-in module in place of such a module: in the client
 * build, stubs that show the server's HTML from the page-data (the component's code, and what only
 * it imports, never reach the browser; its CSS does); in the server render and `ssg dev`, the real components
 * inside the element whose HTML the build copies into the page-data.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { SsgError } from '../errors.ts';

/** `about.static.tsx`, `.static.jsx`, `.static.ts`, `.static.js`: the name says it at every import. */
export const STATIC_MODULE = /\.static\.[cm]?[jt]sx?$/;
/** The query of the real static module's id, behind its stand-in. */
export const STATIC_SOURCE = '?ssg-static-source';

type Program = ReturnType<typeof import('vite').parseAst>;

/** An identifier's or a string literal's name (`export { a as "b" }`). */
const nameOf = (node: { type: string; name?: string; value?: unknown }): string =>
  node.type === 'Identifier' ? String(node.name) : String(node.value);

/** The names a module exports (types left out), from its syntax tree. */
export function exportedNames(program: Program, file: string): string[] {
  const names: string[] = [];
  for (const node of program.body) {
    if (node.type === 'ExportDefaultDeclaration') names.push('default');
    if (node.type === 'ExportAllDeclaration')
      throw new SsgError(
        'BUNDLE_FAILED',
        `The static module ${file} has \`export * from\`, whose names the build cannot see.`,
        { hint: 'Export each static component by its name.', file },
      );
    if (node.type !== 'ExportNamedDeclaration' || node.exportKind === 'type') continue;
    const declaration = node.declaration;
    if (declaration?.type === 'VariableDeclaration') {
      for (const d of declaration.declarations)
        if (d.id.type === 'Identifier') names.push(d.id.name);
    } else if (
      (declaration?.type === 'FunctionDeclaration' || declaration?.type === 'ClassDeclaration') &&
      declaration.id
    )
      names.push(declaration.id.name);
    for (const s of node.specifiers) if (s.exportKind !== 'type') names.push(nameOf(s.exported));
  }
  return names;
}

/** React's hooks of state and effects: in a part that never hydrates they would never run. */
const INTERACTIVE_HOOKS: ReadonlySet<string> = new Set([
  'useState',
  'useReducer',
  'useEffect',
  'useLayoutEffect',
  'useInsertionEffect',
  'useEffectEvent',
  'useTransition',
  'useOptimistic',
  'useActionState',
  'useSyncExternalStore',
  'useImperativeHandle',
]);
/** A JSX event handler prop: `onClick`, `onSubmit`, `onChange`… */
const HANDLER_PROP = /^on[A-Z]/;

type AstNode = { type: string; start?: number; [key: string]: unknown };
const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** What in a static module could only run in the browser: each hook call and handler prop, with its line. */
export function interactiveUses(program: Program, code: string): string[] {
  // `import { useState as s } from 'react'`: the local name counts as the hook
  const hookOf = new Map<string, string>([...INTERACTIVE_HOOKS].map((h) => [h, h]));
  for (const node of program.body)
    if (node.type === 'ImportDeclaration' && /^react(-dom)?$/.test(String(node.source.value)))
      for (const s of node.specifiers)
        if (s.type === 'ImportSpecifier' && INTERACTIVE_HOOKS.has(nameOf(s.imported)))
          hookOf.set(s.local.name, nameOf(s.imported));
  const lineOf = (node: AstNode) => code.slice(0, node.start ?? 0).split('\n').length;
  const uses: string[] = [];
  const visit = (node: AstNode): void => {
    if (node.type === 'CallExpression' && isNode(node.callee)) {
      const callee = node.callee;
      const property = isNode(callee.property) ? callee.property : undefined;
      const hook =
        callee.type === 'Identifier'
          ? hookOf.get(String(callee.name))
          : callee.type === 'MemberExpression' &&
              property?.type === 'Identifier' &&
              INTERACTIVE_HOOKS.has(String(property.name))
            ? String(property.name)
            : undefined;
      if (hook) uses.push(`\`${hook}\` (line ${lineOf(node)})`);
    }
    if (node.type === 'JSXAttribute' && isNode(node.name) && node.name.type === 'JSXIdentifier') {
      const prop = String(node.name.name);
      if (HANDLER_PROP.test(prop)) uses.push(`an \`${prop}\` handler (line ${lineOf(node)})`);
    }
    for (const value of Object.values(node))
      if (Array.isArray(value)) {
        for (const v of value) if (isNode(v)) visit(v);
      } else if (isNode(value)) visit(value);
  };
  for (const node of program.body) visit(node as unknown as AstNode);
  return uses;
}

/** Refuses a static module with state, effects or event handlers: they would never run. */
export function assertNotInteractive(program: Program, code: string, file: string): void {
  const uses = interactiveUses(program, code);
  if (uses.length === 0) return;
  throw new SsgError(
    'BUNDLE_FAILED',
    `The static part ${file} uses ${uses.join(', ')}, but a *.static.tsx module is rendered at build time and never hydrated, so state, effects and event handlers in it would never run. Move the interactive part into a component in a file not named *.static.tsx and use it from a page, layout or slice.`,
    {
      hint: 'Move the interactive part into a normal component (a file not named *.static.tsx).',
      file,
    },
  );
}

/**
 * The stand-in module: `stub` for the browser bundle, else the real components (from `file`,
 * absolute), wrapped. Parts are named `<partPath>#<export>`, the same in both.
 */
export function standInSource(
  partPath: string,
  file: string,
  names: readonly string[],
  stub: boolean,
): string {
  const lines = [
    `import { ${stub ? 'staticPart' : 'staticComponent'} as make } from '@ssg/cli/runtime';`,
  ];
  const source = JSON.stringify(`${file}${STATIC_SOURCE}`);
  // The browser imports the real module for its CSS only: nothing uses its code, which the
  // bundler's tree-shaking drops (with everything only it imports), while its stylesheets stay.
  lines.push(stub ? `import ${source};` : `import * as source from ${source};`);
  for (const name of names) {
    const partId = JSON.stringify(`${partPath}#${name}`);
    const made = stub
      ? `/*#__PURE__*/ make(${partId})`
      : `make(${partId}, source[${JSON.stringify(name)}])`;
    lines.push(name === 'default' ? `export default ${made};` : `export const ${name} = ${made};`);
  }
  return lines.join('\n');
}

/** The plugin, in the one Vite config of a site (vite-config.ts). */
export function staticPartsPlugin(root: string): Plugin {
  let build = false;
  return {
    name: 'ssg-static-parts',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    load: {
      // only these ids reach the hook: the others never cross into JavaScript
      filter: { id: STATIC_MODULE },
      async handler(id, options) {
        const { parseAst } = await import('vite');
        const code = await readFile(id, 'utf8');
        const lang = id.endsWith('x')
          ? id.includes('.ts')
            ? 'tsx'
            : 'jsx'
          : id.includes('.ts')
            ? 'ts'
            : 'js';
        const program = parseAst(code, { lang });
        const names = exportedNames(program, id);
        const partPath = path.relative(root, id).split(path.sep).join('/');
        assertNotInteractive(program, code, partPath);
        return standInSource(partPath, id, names, build && !options?.ssr);
      },
    },
  };
}
