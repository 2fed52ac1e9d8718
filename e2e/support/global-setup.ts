// Before the journeys: the web app built for production against the local stack, a fresh
// seeded stack, and web/dist served on 127.0.0.1:4173. Afterwards everything started here stops.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { ensureStack } from '../../local-stack/index.ts';
import { ANON_KEY, API_URL } from '../../local-stack/keys.ts';
import { startAxeRegistry } from './axe-registry.ts';
import { serveStatic } from './static-server.ts';
import { WEB_PORT, WEB_URL } from './env.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const distDir = fileURLToPath(new URL('../../web/dist/', import.meta.url));

function buildWeb(): void {
  console.log('e2e: building the web app for production (npm run build -w web)');
  // Vitest sets NODE_ENV=test, and Vite keeps a NODE_ENV it finds: the build would bundle
  // React's development version. The journeys test what people get: production, built as an
  // operator builds it (docs/deploy.md "The web host"), pointed at the local stack.
  const env = { ...process.env, NODE_ENV: 'production', VITE_SUPABASE_URL: API_URL, VITE_SUPABASE_ANON_KEY: ANON_KEY };
  const result = spawnSync('npm', ['run', '--silent', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`npm run build -w web failed (exit ${result.status ?? result.signal})`);
  assertProductionReact();
}

/** React's development build carries its warnings; the production one has none of them. */
function assertProductionReact(): void {
  const assets = join(distDir, 'assets');
  const js = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const dev = js.filter((name) => readFileSync(join(assets, name), 'utf8').includes('react_stack_bottom_frame'));
  if (dev.length) throw new Error(`web/dist has React's development build (${dev.join(', ')}): build with NODE_ENV=production`);
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
  // Set before the workers start, so every journey file shares it (support/axe-registry.ts).
  const stopAxeRegistry = startAxeRegistry();
  return async () => {
    stopAxeRegistry();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await stack.stop();
  };
}
