// Real: TypeScript's tsc over a typed fixture site and the built @ssg/cli types; nothing faked, nothing built or run.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const FIXTURE = path.resolve(import.meta.dirname, 'fixtures/typed-routes');

describe('routes typed end to end', () => {
  // site.ts and registry.ts mark each wrong route, slice or component with @ts-expect-error: tsc
  // passes only if every one of them is an error and the correct ones are not.
  it('tsc rejects a renamed data key, an unknown component, missing data and a wrong slice, and accepts the correct routes', () => {
    const tsc = require.resolve('typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', path.join(FIXTURE, 'tsconfig.json')], {
      encoding: 'utf8',
    });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 120_000); // tsc over the fixture and the React types: 5-20 s on a busy machine
});
