// The check of the output folder against the last build's record, on a worker thread while the
// main thread loads content: one stat per file the last build placed (output-record.ts).
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { stampOfStats } from '../output/stamp.ts';
import type { OutputCheckData, OutputCheckReply } from './output-check-protocol.ts';

const { dir, list } = workerData as OutputCheckData;
const changed: OutputCheckReply = [];
for (const line of list.split('\n')) {
  const tab = line.indexOf('\t');
  if (tab === -1) continue;
  const name = line.slice(0, tab);
  // lstat: a symbolic link in a file's place is a change (output-record.ts), never reused; the
  // output folder itself as `dir/` (not normalized away): followed when it is a link, as recorded
  const info = lstatSync(`${dir}${path.sep}${name}`, { throwIfNoEntry: false });
  if (!info || stampOfStats(info) !== line.slice(tab + 1)) changed.push(name);
}
parentPort?.postMessage(changed);
