import type { Bundler } from './bundle-process.ts';
import type { BuildContext } from './context.ts';

/** Stage "bundle": Vite builds the browser code into the staging folder (bundle-client.ts). */
export async function bundleClientStage(ctx: BuildContext, bundler: Bundler): Promise<void> {
  const { client, inputs, warnings } = await bundler.client({
    root: ctx.root,
    files: ctx.files,
    configUrl: ctx.configUrl,
    outDir: ctx.stagingDir,
    componentFiles: ctx.loaded.componentFiles,
  });
  ctx.client = client;
  ctx.warnings.push(...warnings);
  if (ctx.incremental) ctx.incremental.clientInputs = inputs;
  await bundler.stop();
}
