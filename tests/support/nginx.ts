import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface RunningNginx {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  port: number;
  /** The folder nginx serves (the build folder). */
  root: string;
  /** The error log so far, for failure messages. */
  errorLog(): string;
  /** Request lines served so far (`GET /sobre/ HTTP/1.1 200`), oldest first. */
  accessLog(): string[];
  stop(): Promise<void>;
}

/** A port that was free a moment ago on the loopback interface. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/**
 * Debian's nginx serving `root` with the server snippet the build generated
 * (`<root>/_ssg-host/nginx.conf`), on a free loopback port, in the foreground, with its pid,
 * logs and temp folders under a fresh prefix. `stop()` ends it and removes the prefix.
 */
export async function startNginx(
  root: string,
  options: { snippet?: string } = {},
): Promise<RunningNginx> {
  if (!existsSync(NGINX))
    throw new Error(
      `nginx is not at ${NGINX}: apt-get install -y nginx-light (or set NGINX_PATH).`,
    );
  const snippet = options.snippet ?? path.join(root, '_ssg-host/nginx.conf');
  const prefix = mkdtempSync(path.join(tmpdir(), 'ssg-nginx-'));
  for (const dir of ['logs', 'tmp']) mkdirSync(path.join(prefix, dir));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `# test nginx: Debian's binary, our generated snippet, everything else under ${prefix}
daemon off;
worker_processes 1;
# as root, workers would run as nobody and could not read the build in a 0700 temp folder
user root;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 128; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  log_format ssg '$request $status';
  access_log ${prefix}/logs/access.log ssg;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  sendfile on;
  server {
    listen 127.0.0.1:${port};
    server_name localhost;
    root ${root};
    include ${snippet};
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-c', conf, '-p', `${prefix}/`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const errorLog = () => {
    const file = path.join(prefix, 'logs/error.log');
    return `${stderr}${existsSync(file) ? readFileSync(file, 'utf8') : ''}`;
  };
  // up to 5 s for nginx to listen; it fails fast on a bad config
  const deadline = Date.now() + 5000;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  while (!(await accepts(port))) {
    if (exitCode !== undefined || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not start (exit ${exitCode}):\n${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    root,
    errorLog,
    accessLog() {
      const file = path.join(prefix, 'logs/access.log');
      return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    },
    async stop() {
      if (exitCode === undefined) {
        child.kill('SIGQUIT'); // graceful: finish open requests, then exit
        const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
