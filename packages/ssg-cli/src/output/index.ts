/**
 * The output folder around the build's stages (output-folder.ts): one build at a time writes it
 * (lock.ts), into a staging folder beside it (writer.ts places the files), which then replaces
 * the output in one rename of a link (swap.ts) or moves its few changed files into it (patch.ts);
 * a failure leaves the output as it was and removes what the build wrote.
 */
export { removal } from './leftovers.ts';
export {
  inOutputFolder,
  type OutputHandling,
  type Placing,
  type Staging,
  type WritePlan,
} from './output-folder.ts';
export type { FileContents, FileWriter } from './writer.ts';
