// Real: Vite's parser and two real Vite builds (client and SSR) of a tiny site in a temporary
// folder with the plugin; nothing faked (the runtime import is left external: no package there).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  exportedNames,
  interactiveUses,
  STATIC_MODULE,
  standInSource,
  staticPartsPlugin,
} from './static-parts.ts';

const names = async (code: string) => {
  const { parseAst } = await import('vite');
  return exportedNames(parseAst(code, { lang: 'tsx' }), 'a.static.tsx');
};

describe('exportedNames', () => {
  it('finds functions, constants, renamed and default exports, and leaves types out', async () => {
    const code = `
      export function Hero() { return <h1>x</h1>; }
      export const Plans = () => <p />, Team = () => null;
      function Local() { return null; }
      export { Local as Renamed };
      export type Props = { a: string };
      export interface More { b: number }
      export default function Page() { return null; }`;
    expect(await names(code)).toEqual(['Hero', 'Plans', 'Team', 'Renamed', 'default']);
  });

  it('refuses `export *`, whose names it cannot see', async () => {
    await expect(names(`export * from './x.tsx';`)).rejects.toThrow(/export \* from/);
  });
});

const uses = async (code: string) => {
  const { parseAst } = await import('vite');
  return interactiveUses(parseAst(code, { lang: 'tsx' }), code);
};

describe('interactiveUses', () => {
  it('finds state and effect hooks, however imported, and handler props, each with its line', async () => {
    const code = `import * as React from 'react';
      import { useEffect as onMount, useMemo } from 'react';
      export function A() {
        const [n] = React.useState(0);
        onMount(() => {});
        useMemo(() => 1, []);
        return <button type="button" onClick={() => n}>x</button>;
      }`;
    expect(await uses(code)).toEqual([
      '`useState` (line 4)',
      '`useEffect` (line 5)',
      'an `onClick` handler (line 7)',
    ]);
  });

  it('finds nothing in a part of text, links and images', async () => {
    const code = `import { useId } from 'react';
      export const A = ({ t }: { t: string }) => <p id={useId()} className="online">{t}</p>;`;
    expect(await uses(code)).toEqual([]);
  });
});

describe('the file convention', () => {
  it('is *.static.tsx (and .jsx/.ts/.js), never a query or another name', () => {
    expect(STATIC_MODULE.test('/s/src/about.static.tsx')).toBe(true);
    expect(STATIC_MODULE.test('/s/src/about.static.js')).toBe(true);
    expect(STATIC_MODULE.test('/s/src/about.tsx')).toBe(false);
    expect(STATIC_MODULE.test('/s/src/static.tsx')).toBe(false);
    expect(STATIC_MODULE.test('/s/src/about.static.tsx?ssg-static-source')).toBe(false);
  });

  it('names each part by its path and export, the same in both stand-ins', () => {
    const stub = standInSource('src/a.static.tsx', '/s/src/a.static.tsx', ['A', 'default'], true);
    const server = standInSource(
      'src/a.static.tsx',
      '/s/src/a.static.tsx',
      ['A', 'default'],
      false,
    );
    for (const code of [stub, server]) {
      expect(code).toContain('"src/a.static.tsx#A"');
      expect(code).toContain('"src/a.static.tsx#default"');
    }
    expect(stub).toContain('staticPart');
    expect(server).toContain('staticComponent');
  });
});

describe('staticPartsPlugin in real Vite builds', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ssg-static-parts-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(path.join(dir, 'part.css'), '.zebra-part { color: rebeccapurple; }');
  writeFileSync(
    path.join(dir, 'part.static.tsx'),
    `import './part.css';
     const DISTINCT = 'Texto-somente-no-servidor';
     export function Part({ title }: { title: string }) { return <p className="zebra-part">{DISTINCT} {title}</p>; }`,
  );
  writeFileSync(
    path.join(dir, 'main.tsx'),
    `import { Part } from './part.static.tsx';
     (globalThis as { page?: unknown }).page = <Part title="t" />;`,
  );

  const bundle = async (ssr: boolean, input = 'main.tsx') => {
    const { build } = await import('vite');
    const result = await build({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      plugins: [staticPartsPlugin(dir)],
      build: {
        write: false,
        ssr,
        minify: false,
        cssCodeSplit: false,
        rollupOptions: {
          input: path.join(dir, input),
          external: [/^@ssg\/cli\//, /^react/],
        },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Array<{
      output: Array<{ type: string; code?: string; source?: string | Uint8Array }>;
    }>;
    const files = outputs.flatMap((o) => o.output);
    const text = (type: string) =>
      files
        .filter((f) => f.type === type)
        .map((f) => String(f.code ?? f.source ?? ''))
        .join('\n');
    return { js: text('chunk'), css: text('asset') };
  };

  it('leaves the component out of the client bundle but keeps its CSS', async () => {
    const { js, css } = await bundle(false);
    expect(js).not.toContain('Texto-somente-no-servidor');
    expect(js).toContain('staticPart');
    expect(js).toContain('part.static.tsx#Part');
    expect(css).toContain('zebra-part');
  });

  it('keeps the real component, wrapped, in the server bundle', async () => {
    const { js } = await bundle(true);
    expect(js).toContain('Texto-somente-no-servidor');
    expect(js).toContain('staticComponent');
    expect(js).toContain('part.static.tsx#Part');
  });

  /** The messages of the client and the server build of an entry using the part `file` of `code`. */
  const failures = async (file: string, code: string) => {
    writeFileSync(path.join(dir, file), code);
    const entry = `use-${file}.tsx`;
    writeFileSync(
      path.join(dir, entry),
      `import { Part } from './${file}';\n(globalThis as { page?: unknown }).page = <Part />;`,
    );
    const message = (ssr: boolean) =>
      bundle(ssr, entry).then(
        () => 'built',
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
    return [await message(false), await message(true)];
  };

  it('fails a static part with useState, naming the file, the hook, its line and the fix', async () => {
    const messages = await failures(
      'counter.static.tsx',
      `import { useState } from 'react';
       export function Part() {
         const [n] = useState(0);
         return <p>{n}</p>;
       }`,
    );
    for (const message of messages)
      expect(message).toMatch(
        /The static part counter\.static\.tsx uses `useState` \(line 3\).*never hydrated.*Move the interactive part into a component in a file not named \*\.static\.tsx/,
      );
  });

  it('fails a static part with an onClick handler', async () => {
    const messages = await failures(
      'button.static.tsx',
      `export function Part() {
         return <button type="button" onClick={() => alert('x')}>x</button>;
       }`,
    );
    for (const message of messages)
      expect(message).toMatch(
        /The static part button\.static\.tsx uses an `onClick` handler \(line 2\)/,
      );
  });
});
