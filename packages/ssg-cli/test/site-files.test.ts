// Real: build() on copies of the mini fixture site (a stylesheet naming a missing file; a public/ folder). Faked: nothing.
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMini, miniSiteCopy, tempDir } from './helpers.ts';

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

describe("the site's public folder", () => {
  it('is copied into the output as ssg dev serves it, and kept on a warm build', async () => {
    const root = miniSiteCopy();
    mkdirSync(path.join(root, 'public/docs'), { recursive: true });
    writeFileSync(path.join(root, 'public/docs/hours.txt'), 'Seg-Sex 8h-18h');
    const outDir = path.join(tempDir(), 'out');
    await buildMini({ root, outDir });
    expect(readFileSync(path.join(outDir, 'docs/hours.txt'), 'utf8')).toBe('Seg-Sex 8h-18h');
    const warm = await buildMini({ root, outDir });
    expect(warm.reused.output).toBe(true);
    expect(readFileSync(path.join(outDir, 'docs/hours.txt'), 'utf8')).toBe('Seg-Sex 8h-18h');
    writeFileSync(path.join(root, 'public/docs/hours.txt'), 'Seg-Sab 8h-18h');
    await buildMini({ root, outDir });
    expect(readFileSync(path.join(outDir, 'docs/hours.txt'), 'utf8')).toBe('Seg-Sab 8h-18h');
  });
});
