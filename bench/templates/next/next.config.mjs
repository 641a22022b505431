// Synthetic benchmark site: static export, trailing slash like the others, nothing else.
import { resolve } from 'node:path';

// .bench/next, where next and react are installed (sites live in .bench/next/sites/nN).
const peer = resolve(process.cwd(), '..', '..');

export default {
  output: 'export',
  trailingSlash: true,
  turbopack: { root: peer },
  outputFileTracingRoot: peer,
};
