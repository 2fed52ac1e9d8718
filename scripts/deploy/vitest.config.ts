// `npm run test:deploy`: the deploy path (scripts/deploy.ts) without a hosted project. The dry
// run and the offline checks, the CLI's commands against a local stand-in of the Management
// API, and the database steps for real against a fresh PostgreSQL with the local stack's
// platform bootstrap. No fixed ports: it runs beside the local stack's lane in `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['scripts/deploy/*.test.ts'],
    environment: 'node',
    // Each Supabase CLI command takes 0.5–4 s on a loaded machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
