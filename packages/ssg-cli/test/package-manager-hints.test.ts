// Real: the `ssg` command's main() in this process (init writing the starter into a temporary folder, serve checking a folder), with the npm_config_user_agent npm, pnpm and yarn set. Faked: stdout and stderr (string collectors).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../src/cli/actions.ts';
import { main } from '../src/cli.ts';
import { tempDir } from './helpers.ts';

const AGENTS = {
  npm: {
    agent: 'npm/11.6.2 node/v20.20.0 linux x64 workspaces/false',
    run: 'npx ssg',
    install: 'npm install',
  },
  pnpm: {
    agent: 'pnpm/10.34.9 npm/? node/v20.20.0 linux x64',
    run: 'pnpm exec ssg',
    install: 'pnpm install',
  },
  yarn: {
    agent: 'yarn/1.22.22 npm/? node/v20.20.0 linux x64',
    run: 'yarn ssg',
    install: 'yarn install',
  },
};

/** Runs `ssg ARGS` as `agent` ran it, in `cwd`: the exit code and what it printed. */
async function ssgAs(agent: string, args: string[], cwd: string) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CliIO = {
    stdout: { write: (text: string) => stdout.push(text) },
    stderr: { write: (text: string) => stderr.push(text) },
    env: { NO_COLOR: '1', npm_config_user_agent: agent },
    cwd,
  };
  const code = await main(args, io);
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

describe.each(Object.entries(AGENTS))(
  'run with %s, ssg names its commands',
  (_, { agent, run, install }) => {
    it('in the next steps of ssg init', async () => {
      const home = tempDir();
      const said = await ssgAs(agent, ['init', 'my-site'], home);
      expect(said.code, said.stderr).toBe(0);
      expect(said.stdout).toContain(`Next steps:\n  cd my-site\n  ${install}\n  ${run} dev\n`);
    });

    it('in the hint for a mistyped command', async () => {
      const said = await ssgAs(agent, ['buidl'], tempDir());
      expect(said.code).toBe(2);
      expect(said.stderr).toContain(
        `hint: Run "${run} build --help" for its options, or "${run} --help" for every command.`,
      );
    });

    it('in the hint for a mistyped flag', async () => {
      const said = await ssgAs(agent, ['build', '--forse'], tempDir());
      expect(said.code).toBe(2);
      expect(said.stderr).toContain(`hint: Run "${run} build --help" to see its options.`);
    });

    it('in the hint of ssg serve on a folder with no build', async () => {
      const dir = tempDir();
      const said = await ssgAs(agent, ['serve', dir], dir);
      expect(said.code).toBe(2);
      expect(said.stderr).toContain(
        `hint: Run \`${run} build\` first, or pass the folder you built into.`,
      );
    });

    it('in the hint of ssg serve on a site whose output depends on a brand not given', async () => {
      const site = tempDir();
      writeFileSync(
        path.join(site, 'ssg.config.ts'),
        "export default { outDir: ({ brand }: { brand: string }) => 'dist/' + brand };\n",
      );
      mkdirSync(path.join(site, 'src'));
      const said = await ssgAs(agent, ['serve'], site);
      expect(said.code, said.stderr).toBe(2);
      expect(said.stderr).toContain(
        `hint: Pass --brand NAME, or the folder to serve: ${run} serve DIR.`,
      );
    });
  },
);
