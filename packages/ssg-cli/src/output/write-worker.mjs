// The output's writer thread: places the files the main thread sends while it makes the next ones
// (write-files.ts). Protocol: workerData { root }; in: { id, mkdirs: string[] } or
// { id, entries: FileEntry[] } (write-batch.mjs); out: { id, placed: PlacedEntry[] } (none for
// mkdirs) or { id, error: { message, code } }. After a failure every later message fails too, so
// nothing lands in a staging folder being removed.
import { parentPort, workerData } from 'node:worker_threads';
import { batchWriter } from './write-batch.mjs';

const writer = batchWriter(workerData.root);
let failure;

parentPort.on('message', ({ id, mkdirs, entries }) => {
  if (failure) {
    parentPort.postMessage({ id, error: failure });
    return;
  }
  try {
    if (mkdirs) writer.mkdirs(mkdirs);
    parentPort.postMessage({ id, placed: entries ? writer.write(entries) : [] });
  } catch (error) {
    const { message, code } = error instanceof Error ? error : new Error(String(error));
    failure = { message, code };
    parentPort.postMessage({ id, error: failure });
  }
});
