// `npm run dev` (after `npm run setup`): the local Supabase stack (started unless it already
// runs) and the web app's dev server on 127.0.0.1:5173. Ctrl-C stops what this command
// started; if the stack or the dev server dies, the other part it started is stopped too.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devBanner } from './dev-banner.ts';
import { ensureStack, isStackRunning, stopStack } from '../local-stack/index.ts';
import { API_URL } from '../local-stack/keys.ts';
import { logDir } from '../local-stack/shared/paths.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const WEB_HOST = '127.0.0.1';
const WEB_PORT = 5173;

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: WEB_HOST, port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** Until web/ has a package.json: a page saying so, on the web app's port. */
function placeholder(): Promise<Server> {
  const page = `<!doctype html><html lang="es"><meta charset="utf-8"><title>Chismes</title>
<body style="font-family:system-ui;max-width:40rem;margin:3rem auto">
<h1>Chismes</h1><p>The web app (web/) has not landed yet. The local Supabase stack runs at
<a href="${API_URL}/rest/v1/">${API_URL}</a>.</p></body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(WEB_PORT, WEB_HOST, () => resolve(server));
  });
}

function lastLogLine(): string {
  const file = join(logDir, 'stack.log');
  if (!existsSync(file)) return '';
  return (
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .filter((line) => line.includes('FAILED'))
      .pop() ?? ''
  );
}

let interrupted = false;

async function main(): Promise<void> {
  if (await portInUse(WEB_PORT)) throw new Error(`port ${WEB_PORT} on ${WEB_HOST} is already in use by another program; stop it and try again`);
  // Ctrl-C while the stack starts: stop it if this command is the one starting it.
  const wasRunning = await isStackRunning();
  const stopEarly = () => {
    interrupted = true;
    void (wasRunning ? Promise.resolve(false) : stopStack()).finally(() => process.exit(130));
  };
  process.once('SIGINT', stopEarly);
  const stack = await ensureStack();
  process.off('SIGINT', stopEarly);
  console.log(stack.startedHere ? 'Started the local Supabase stack.\n' : 'Using the local Supabase stack that was already running.\n');

  let web: ChildProcess | undefined;
  let server: Server | undefined;
  let finishing = false;
  const finish = async (code: number, message?: string): Promise<void> => {
    if (finishing) return;
    finishing = true;
    if (message) console.error(`dev: ${message}`);
    if (web?.pid && web.exitCode === null) {
      try {
        process.kill(-web.pid, 'SIGTERM'); // the dev server's own process group (npm and vite)
      } catch {
        // already gone
      }
    }
    server?.close();
    if (stack.startedHere) {
      console.log('Stopping the local Supabase stack…');
      await stack.stop();
    }
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void finish(0));

  console.log(devBanner(`http://${WEB_HOST}:${WEB_PORT}`));
  if (existsSync(join(root, 'web', 'package.json'))) {
    web = spawn('npm', ['run', 'dev', '-w', 'web', '--', '--host', WEB_HOST, '--port', String(WEB_PORT), '--strictPort'], {
      cwd: root,
      stdio: 'inherit',
      detached: true,
    });
    web.on('exit', (code, signal) => void finish(code ?? 1, `the web dev server exited (${signal ?? `code ${code}`})`));
  } else {
    server = await placeholder();
    console.log('web/ has no package.json yet: a placeholder page is served there');
  }

  // A stack that dies while we run takes the dev server down with it, loudly.
  setInterval(() => {
    void isStackRunning().then((running) => {
      if (!running && !finishing) void finish(1, `the local Supabase stack stopped. ${lastLogLine()}`);
    });
  }, 3000);
}

main().catch((error: unknown) => {
  if (interrupted) return; // Ctrl-C while starting: the handler stops the stack and exits
  console.error(`dev: ${(error as Error).message}`);
  process.exit(1);
});
