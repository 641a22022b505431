// Real: build() on a copy of the mini fixture site whose stylesheet names a missing file. Faked: nothing.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMini, miniSiteCopy } from './helpers.ts';

describe("Vite's warnings", () => {
  it('reach the build result, each once, instead of being silenced', async () => {
    const root = miniSiteCopy();
    appendFileSync(
      path.join(root, 'src/pages/frame.css'),
      '\n.hero { background: url(./missing.png); }\n.card { background: url(./missing.png); }\n',
    );
    // a second import of the same stylesheet must not double the warning
    const page = path.join(root, 'src/pages/page.tsx');
    writeFileSync(page, `import './frame.css';\n${readFileSync(page, 'utf8')}`);
    const result = await buildMini({ root });
    const missing = result.warnings.filter((w) => w.includes('missing.png'));
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatch(/didn't resolve at build time/);
  });
});
