// Listening on a port, or the next free one, as Vite does.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SsgError } from '../errors.ts';

/** As Vite: when the port is taken, the next ones are tried before giving up. */
const PORTS_TRIED = 10;

const isInUse = (error: unknown): boolean =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE';

function listenOnce(server: Server, port: number, host: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Listens on `port`, or with `strictPort: false` on the first free one of the next few. `host`
 * `undefined` means every address. Returns the port listened on (`port` 0: one the system chose).
 */
export async function listenOnFreePort(
  server: Server,
  options: { port: number; host: string | undefined; strictPort: boolean },
): Promise<number> {
  const { port, host, strictPort } = options;
  const last = port === 0 ? 0 : Math.min(port + PORTS_TRIED - 1, 65535);
  for (let candidate = port; ; candidate++) {
    try {
      return await listenOnce(server, candidate, host);
    } catch (error) {
      if (!isInUse(error)) throw error;
      if (strictPort) {
        throw new SsgError('PORT_IN_USE', `Port ${port} is in use.`, {
          hint: 'Stop the other server or pass --port N.',
        });
      }
      if (candidate >= last) {
        throw new SsgError('PORT_IN_USE', `Ports ${port} to ${last} are all in use.`, {
          hint: 'Stop the other servers or pass --port N.',
        });
      }
    }
  }
}
