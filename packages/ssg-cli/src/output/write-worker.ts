// The output's writer thread: places the files the main thread sends while it makes the next ones
// (writer.ts; messages in write-protocol.ts). After a failure every later request fails too, so
// nothing lands in a staging folder being removed.
import { parentPort, workerData } from 'node:worker_threads';
import { batchWriter } from './write-batch.ts';
import type { WriterData, WriterFailure, WriterReply, WriterRequest } from './write-protocol.ts';

const { root, fault } = workerData as WriterData;
const writer = batchWriter(root, fault);
let failure: WriterFailure | undefined;
const port = parentPort;
// a batch's buffer goes back moved, not copied: the main thread packs the next batch into it
const reply = (message: WriterReply) =>
  port?.postMessage(message, 'buffer' in message && message.buffer ? [message.buffer] : []);

port?.on('message', (request: WriterRequest) => {
  const { id } = request;
  if (failure) return reply({ id, error: failure });
  try {
    if ('mkdirs' in request) {
      writer.mkdirs(request.mkdirs);
      reply({ id, placed: [] });
    } else reply({ id, placed: writer.write(request.batch), buffer: request.batch.buffer });
  } catch (error) {
    const { message, code } = error as NodeJS.ErrnoException;
    failure = { message: message ?? String(error), code };
    reply({ id, error: failure });
  }
});
