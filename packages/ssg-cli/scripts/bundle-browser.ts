// Package build step: minifies src/browser (boot script, service workers, offline CSS) into dist/browser.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  BROWSER_CODE,
  type BrowserCodeName,
  bundleBrowserCode,
  minifiedName,
} from '../src/shared/browser-code.ts';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/browser');
mkdirSync(out, { recursive: true });
for (const name of Object.keys(BROWSER_CODE) as BrowserCodeName[]) {
  const text = bundleBrowserCode(name, path.join(root, 'src/browser'));
  writeFileSync(path.join(out, minifiedName(name)), text);
  console.log(`${minifiedName(name)} ${Buffer.byteLength(text)} B`);
}
