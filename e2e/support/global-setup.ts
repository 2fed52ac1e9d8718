// Before the journeys: the web app built for production against the local stack, a fresh
// seeded stack, and web/dist served on 127.0.0.1:4173. Afterwards everything started here stops.
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { ensureStack } from '../../local-stack/index.ts';
import { serveStatic } from './static-server.ts';
import { WEB_PORT, WEB_URL } from './env.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const distDir = fileURLToPath(new URL('../../web/dist/', import.meta.url));

function buildWeb(): void {
  console.log('e2e: building the web app for production (npm run build -w web)');
  const result = spawnSync('npm', ['run', '--silent', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build -w web failed (exit ${result.status ?? result.signal})`);
}

export default async function setup(): Promise<() => Promise<void>> {
  buildWeb();
  console.log('e2e: starting a fresh local stack');
  const stack = await ensureStack({ fresh: true });
  if (!stack.startedHere) {
    console.warn('e2e: a local stack was already running; the journeys use it as it is (not fresh)');
  }
  let server: Server | undefined;
  try {
    server = await serveStatic(distDir, WEB_PORT);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  console.log(`e2e: web app on ${WEB_URL}`);
  return async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await stack.stop();
  };
}
