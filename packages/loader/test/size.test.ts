// Real esbuild bundle of src/index.ts (minified ESM for browsers), real zlib gzip: the budget.
import { expect, it } from 'vitest';
import { measureLoaderSize, SIZE_BUDGET_BYTES } from '../size.mjs';

it('the whole package stays within 3 KB minified + gzip', async () => {
  const { minified, gzip } = (await measureLoaderSize()) as { minified: number; gzip: number };
  console.log(
    `@ssg/loader: ${minified} B minified, ${gzip} B gzip (budget ${SIZE_BUDGET_BYTES} B)`,
  );
  expect(SIZE_BUDGET_BYTES).toBe(3072);
  expect(gzip).toBeLessThanOrEqual(SIZE_BUDGET_BYTES);
});
