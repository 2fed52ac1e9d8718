// Functions start as reliably as the edge runtime serves them (functions/functions.ts): each
// function's Deno listens on a socket of its own, so no two can meet on one port, an answer there
// can only be that function's, and a function whose Deno reports an error fails the start with its
// log's lines. Here throwaway functions are started the stack's way many times over; each must
// answer as itself, with the environment hosted edge functions get.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { functionEnv, startFunctions, type FunctionService } from '../functions/functions.ts';
import { PUBLISHABLE_KEY, SECRET_KEY } from '../keys.ts';
import { stopService } from '../shared/processes.ts';
import { publicJwks } from '../shared/signing-keys.ts';

const COUNT = 6;
const ROUNDS = 12;
const work = mkdtempSync(join(tmpdir(), 'chismes-functions-start-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A function folder whose function answers its own name and the names of what it finds in its environment. */
function writeFunction(dir: string, name: string, source?: string): void {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, 'deno.json'), '{}\n');
  writeFileSync(
    join(dir, name, 'index.ts'),
    source ??
      `Deno.serve(() => Response.json({ name: ${JSON.stringify(name)}, env: Object.fromEntries(['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_DB_URL', 'SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_SECRET_KEYS', 'SUPABASE_JWKS'].map((key) => [key, Deno.env.get(key)])) }));\n`,
  );
}

function call(socketPath: string): Promise<{ name: string; env: Record<string, string | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: '/', method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
    req.end();
  });
}

test(`${COUNT} functions started ${ROUNDS} times: each answers as itself, on its own socket, with a hosted function's environment`, async () => {
  const dir = join(work, 'functions');
  const sockets = join(work, 'sockets');
  const names = Array.from({ length: COUNT }, (_, k) => `start-probe-${k}`);
  for (const name of names) writeFunction(dir, name);
  const env = functionEnv();
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const services: FunctionService[] = [];
    try {
      services.push(...(await startFunctions((service) => void service, new Set(), { dir, sockets, env })));
      times.push(performance.now() - started);
      assert.deepEqual(
        services.map((service) => service.functionName),
        names,
      );
      const answers = await Promise.all(services.map((service) => call(service.socketPath)));
      assert.deepEqual(
        answers.map((answer) => answer.name),
        names,
        `round ${round + 1}: every function answers as itself`,
      );
      if (round === 0) {
        const seen = answers[0]!.env;
        assert.deepEqual(
          Object.keys(seen).filter((key) => !seen[key]),
          [],
          'every variable is set',
        );
        assert.deepEqual(JSON.parse(seen.SUPABASE_PUBLISHABLE_KEYS!), { default: PUBLISHABLE_KEY });
        assert.deepEqual(JSON.parse(seen.SUPABASE_SECRET_KEYS!), { default: SECRET_KEY });
        assert.deepEqual(JSON.parse(seen.SUPABASE_JWKS!), publicJwks());
      }
    } finally {
      await Promise.all(services.map(stopService));
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${COUNT} functions ready in ${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)} ms a start (median ${sorted[Math.floor(ROUNDS / 2)]!.toFixed(0)} ms)`,
  );
});

test('a function whose Deno reports an error fails the start at once, with the lines of its log', async () => {
  const dir = join(work, 'broken');
  writeFunction(dir, 'start-probe-broken', 'Deno.serve(() => new Response("x")\nconst = ;\n');
  const started = performance.now();
  const spawned: FunctionService[] = [];
  try {
    await assert.rejects(
      startFunctions((service) => void spawned.push(service as FunctionService), new Set(), { dir, sockets: join(work, 'broken-sockets'), env: {} }),
      /^Error: function start-probe-broken did not start: error: SyntaxError: .*const = ;.* \(see .*function-start-probe-broken\.log\)$/,
    );
    assert.ok(performance.now() - started < 30_000, `refused in ${(performance.now() - started).toFixed(0)} ms, not after the 90 s a first start may take`);
  } finally {
    await Promise.all(spawned.map(stopService));
  }
});
