// Where the local stack keeps its data and which ports it uses (same as `supabase start`).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const stackDir = join(repoRoot, '.local-stack');
export const dbDataDir = join(stackDir, 'db');
export const storageDir = join(stackDir, 'storage');
export const logDir = join(stackDir, 'logs');
/** Written by the daemon: its pid, its children's pids and whether it is ready. */
export const stateFile = join(stackDir, 'stack.json');
/** Written by the daemon on SIGUSR2: its memory after a full GC (tests/body-limits.test.ts). */
export const memoryReportFile = join(stackDir, 'memory.json');
export const supabaseDir = join(repoRoot, 'supabase');
export const functionsDir = join(supabaseDir, 'functions');
export const binDir = join(repoRoot, 'node_modules', '.bin');

export const GATEWAY_PORT = 54321;
export const DB_PORT = 54322;
export const HOST = '127.0.0.1';
/** The mail catcher: its web page and Mailpit's HTTP API (`supabase start`'s [inbucket] port). */
export const MAIL_PORT = 54324;
/** Its SMTP port, where Auth sends (`supabase start`'s Mailpit listens on 54325). */
export const SMTP_PORT = 54325;
