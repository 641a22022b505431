// Runs in the encoder process encoder.ts forks: every decode and encode of the image service,
// so glibc's per-thread arenas, which keep what libvips' threads freed, are capped in this
// process (MALLOC_ARENA_MAX, set by the parent) and never grow the build's own memory.
// Protocol (Node's IPC channel of `fork`): `{ kind: 'ready' }` out once listening, then
// `{ id, job }` in and `{ id, bytes }` or `{ id, error }` out; the parent bounds how many run at once.
import type { EncoderAnswer, EncoderRequest } from './encoder.ts';

const pixels = import('./pixels.ts');
// without sharp no job can succeed: the parent reports the exit (IMAGE_ENCODER_FAILED), not a bad photo
pixels.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
const answer = (message: EncoderAnswer) => process.send?.(message);

process.on('message', (message: EncoderRequest) => {
  pixels
    .then(({ runPixelJob }) => runPixelJob(message.job))
    .then(
      (bytes) => answer({ id: message.id, bytes }),
      (error: unknown) =>
        answer({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
});
process.on('disconnect', () => process.exit(0));
// Messages that arrive before the listener above are lost: the parent sends its first job after this.
answer({ kind: 'ready' });
