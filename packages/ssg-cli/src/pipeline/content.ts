import { SsgError } from '../errors.ts';
import { imagesOf } from '../image/build-hooks.ts';
import type { BuildContext } from './context.ts';

/** Stage "content": the site reads and validates its content; every problem of the run is reported. */
export async function loadContent(ctx: BuildContext): Promise<void> {
  const result = await ctx.loaded.site.loadContent({
    contentDir: ctx.contentDir,
    brand: ctx.brand,
    images: imagesOf(ctx),
  });
  if (!result.ok) {
    const count = result.issues.length;
    throw new SsgError(
      'CONTENT_INVALID',
      `The content in ${ctx.contentDir} has ${count} problem${count === 1 ? '' : 's'}; nothing was written.`,
      {
        issues: result.issues,
        hint: 'Fix each file and field listed above, then build again. The previous output is untouched.',
      },
    );
  }
  ctx.content = result.content;
  ctx.contentFiles = [...result.files].sort();
}
