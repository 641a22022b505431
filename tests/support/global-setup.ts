import { existsSync } from 'node:fs';
import { CHROMIUM } from './browser.ts';

/** Fails early and clearly when the browser the tests drive is missing. */
export default function setup(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not at ${CHROMIUM}. Run the README's test command (pnpm test), which installs it with apt-get, or set CHROMIUM_PATH.`,
    );
  }
}
