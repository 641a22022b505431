// Real: the package's entry modules as a Node user imports them (from the sources). Faked: nothing.
import { describe, expect, it } from 'vitest';

describe('the entries of @ssg/cli', () => {
  it('gives Node users the commands, the config helper, the errors and the reporter, by name', async () => {
    const root = await import('../src/index.ts');
    expect(Object.keys(root).sort()).toEqual([
      'SsgError',
      'build',
      'defineConfig',
      'dev',
      'exitCodeOf',
      'formatError',
      'serve',
      'summary',
      'terminalReporter',
    ]);
  });

  it('keeps what a site is written with in @ssg/cli/site, not in the root entry', async () => {
    const root: Record<string, unknown> = await import('../src/index.ts');
    const site: Record<string, unknown> = await import('../src/site/index.ts');
    for (const name of [
      'defineSite',
      'defineBrowser',
      'defineStaticQuery',
      'parseContentJson',
      'urlProblem',
    ]) {
      expect(typeof site[name], name).toBe('function');
      expect(root[name], name).toBeUndefined();
    }
  });

  it('gives sites content collections in @ssg/cli/content, not in the root entry', async () => {
    const root: Record<string, unknown> = await import('../src/index.ts');
    const content = await import('../src/collections/index.ts');
    expect(Object.keys(content).sort()).toEqual(['collections', 'defineCollection', 'image']);
    for (const name of Object.keys(content)) expect(root[name], name).toBeUndefined();
  });
});
