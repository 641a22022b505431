// Real: the repository's node_modules/.bin/ssg, run with --help as the section would run a build. Nothing is faked.
import { execFileSync } from 'node:child_process';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clinicCommand } from './clinic.mjs';

const repoRoot = resolve(import.meta.dirname, '..', '..');

describe('the clinic section', () => {
  it('times the CLI as `npx ssg build` runs it: its bin, not wrapped in a pnpm process', () => {
    const command = clinicCommand(repoRoot, join(repoRoot, '.bench', 'clinic', 'dist'));
    expect(relative(repoRoot, command.cmd)).toBe(join('node_modules', '.bin', 'ssg'));
    expect(command.args).toEqual(['build', '--out', join(repoRoot, '.bench', 'clinic', 'dist')]);
    // the bin runs the CLI itself
    expect(execFileSync(command.cmd, ['--help'], { cwd: repoRoot }).toString()).toMatch(
      /^ssg \d+\.\d+\.\d+: a static-site generator/,
    );
  });
});
