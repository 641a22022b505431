// The package manager that ran `ssg`, and how its user types a command or an install: every hint says it the same way.

export type PackageManager = 'npm' | 'pnpm' | 'yarn';

/**
 * The package manager of `npm_config_user_agent` (`pnpm/10.34.9 npm/? node/v20.20.0 linux x64`),
 * which npm, pnpm and yarn set for what they run; npm when unset or another (a stranger has npm).
 */
export function packageManagerOf(userAgent: string | undefined): PackageManager {
  const name = userAgent?.trim().split('/', 1)[0];
  return name === 'pnpm' || name === 'yarn' ? name : 'npm';
}

/** How each runs the project's own `ssg` and installs its dependencies. */
const COMMANDS: Record<PackageManager, { run: string; install: string }> = {
  npm: { run: 'npx ssg', install: 'npm install' },
  pnpm: { run: 'pnpm exec ssg', install: 'pnpm install' },
  yarn: { run: 'yarn ssg', install: 'yarn install' },
};

/** `ssg build --force` as the user types it: `npx ssg build --force`, `pnpm exec ssg …`, `yarn ssg …`. */
export const ssgCommand = (manager: PackageManager, args: string): string =>
  `${COMMANDS[manager].run} ${args}`.trimEnd();

/** The command that installs a project's dependencies. */
export const installCommand = (manager: PackageManager): string => COMMANDS[manager].install;
