// Real: the mapping from npm_config_user_agent to the commands a hint shows, with the agents npm 11, pnpm 10 and yarn 1/4 set. Faked: nothing.
import { describe, expect, it } from 'vitest';
import { installCommand, packageManagerOf, ssgCommand } from './package-manager.ts';

describe('the package manager a hint names', () => {
  it('npm (and npx): npx ssg …, npm install', () => {
    const npm = packageManagerOf('npm/11.6.2 node/v20.20.0 linux x64 workspaces/false');
    expect(npm).toBe('npm');
    expect(ssgCommand(npm, 'build')).toBe('npx ssg build');
    expect(installCommand(npm)).toBe('npm install');
  });

  it('pnpm: pnpm exec ssg …, pnpm install', () => {
    const pnpm = packageManagerOf('pnpm/10.34.9 npm/? node/v20.20.0 linux x64');
    expect(pnpm).toBe('pnpm');
    expect(ssgCommand(pnpm, 'serve dist')).toBe('pnpm exec ssg serve dist');
    expect(installCommand(pnpm)).toBe('pnpm install');
  });

  it('yarn, classic and berry: yarn ssg …, yarn install', () => {
    for (const agent of [
      'yarn/1.22.22 npm/? node/v20.20.0 linux x64',
      'yarn/4.5.0 npm/? node/v20.20.0 linux x64',
    ]) {
      const yarn = packageManagerOf(agent);
      expect(yarn).toBe('yarn');
      expect(ssgCommand(yarn, 'dev')).toBe('yarn ssg dev');
      expect(installCommand(yarn)).toBe('yarn install');
    }
  });

  it('no agent (ssg run directly from node_modules/.bin) or another tool: npm, which every Node has', () => {
    expect(packageManagerOf(undefined)).toBe('npm');
    expect(packageManagerOf('')).toBe('npm');
    expect(packageManagerOf('bun/1.2.0 npm/? node/v22.0.0 linux x64')).toBe('npm');
  });
});
