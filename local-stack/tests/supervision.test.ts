// Supervision (docs/decisions/0023-local-stack-supervision.md): a killed PostgREST or function process, or Realtime's lost
// database listener, is brought back by the stack on its own while the rest keeps serving,
// and stack.json says why (one line) and is "ready" again only once everything serves.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ANON_KEY, API_URL } from '../keys.ts';
import { readState } from '../runtime/state.ts';
import { client, signedInUser, sleep, sql } from './helpers.ts';

const childPid = (name: string): number => {
  const pid = readState()?.children.find((child) => child.name === name)?.pid;
  assert.ok(pid && pid > 0, `${name} has a pid in stack.json`);
  return pid;
};

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

const restAnswers = async () => (await fetch(`${API_URL}/rest/v1/`, { headers: { apikey: ANON_KEY } })).status === 200;
const authAnswers = async () => (await fetch(`${API_URL}/auth/v1/health`)).status === 200;

describe('supervision', () => {
  test('a SIGKILLed PostgREST is restarted with the reason recorded, auth and storage keep serving', async () => {
    const before = readState()?.services?.postgrest?.restarts ?? 0;
    const pid = childPid('postgrest');
    process.kill(pid, 'SIGKILL');
    await until('stack.json reporting postgrest down', async () => readState()?.services?.postgrest?.state === 'restarting', 5_000);
    assert.equal(readState()?.status, 'degraded');
    assert.ok(await authAnswers(), 'auth serves while PostgREST is down');
    assert.equal((await fetch(`${API_URL}/storage/v1/status`)).status, 200);
    const ms = await until('PostgREST answering again', restAnswers);
    await until('stack.json ready again', async () => readState()?.status === 'ready', 5_000);
    const health = readState()?.services?.postgrest;
    assert.equal(health?.state, 'running');
    assert.equal(health?.restarts, before + 1);
    assert.match(health?.reason ?? '', /^died \(SIGKILL\); see .*postgrest\.log$/);
    assert.notEqual(childPid('postgrest'), pid);
    console.log(`postgrest back after ${ms} ms`);
  });

  test('a SIGKILLed function is restarted on the same route while REST keeps serving', async () => {
    const pid = childPid('function-log-country');
    process.kill(pid, 'SIGKILL');
    await until('stack.json reporting the function down', async () => readState()?.services?.['function-log-country']?.state === 'restarting', 5_000);
    assert.ok(await restAnswers(), 'REST serves while the function is down');
    await until('stack.json ready again', async () => readState()?.status === 'ready', 60_000);
    const user = await signedInUser('supervised');
    const { data, error } = await user.client.functions.invoke('log-country', { body: { country: 'Perú' } });
    assert.equal(error, null);
    assert.deepEqual(data, { recorded: true });
    assert.match(readState()?.services?.['function-log-country']?.reason ?? '', /SIGKILL/);
  });

  test("Realtime's database listener, terminated, reconnects and broadcasts from the database arrive again", async () => {
    const before = readState()?.services?.realtime?.restarts ?? 0;
    const killed = await sql<{ ok: boolean }>(`select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'local-stack realtime'`);
    assert.ok(killed.length >= 1 && killed.every((row) => row.ok));
    await until('the listener back', async () => {
      const health = readState()?.services?.realtime;
      return health?.state === 'running' && health.restarts === before + 1;
    });
    assert.ok(await restAnswers());
    const supabase = client();
    const topic = `supervised-${Date.now()}`;
    const received = new Promise<unknown>((resolve) => {
      supabase
        .channel(topic)
        .on('broadcast', { event: 'ping' }, (message) => resolve(message.payload))
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') void sql(`select realtime.send('{"n": 1}'::jsonb, 'ping', $1, false)`, [topic]);
        });
    });
    const payload = await Promise.race([received, sleep(10_000).then(() => 'timeout')]);
    await supabase.removeAllChannels();
    assert.deepEqual(payload, { n: 1 });
  });
});
