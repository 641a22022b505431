// Debian's Chromium and the flags that work with it here: as root (no sandbox) and on a closed
// network (no background traffic, which would flood it with refused connections). One home for
// the tests, the benchmarks and the site's screenshot tool; each adds its own headless flag.
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
