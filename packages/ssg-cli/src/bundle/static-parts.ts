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
        const names = exportedNames(parseAst(code, { lang }), id);
        const partPath = path.relative(root, id).split(path.sep).join('/');
        return standInSource(partPath, id, names, build && !options?.ssr);
      },
    },
  };
}
