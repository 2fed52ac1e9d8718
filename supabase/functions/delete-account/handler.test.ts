import assert from 'node:assert/strict';
import { createDeleteAccountHandler, type DeleteAccountDeps, type Proof, type ProofCheck } from './handler.ts';

const now = new Date('2026-11-27T10:00:00Z');
const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = `${base64url({ alg: 'HS256' })}.${base64url({ sub: 'u1', role: 'authenticated', exp: now.getTime() / 1000 + 600 })}.sig`;

function fakeDeps(overrides: Partial<DeleteAccountDeps> = {}) {
  const calls: string[] = [];
  const proofs: Array<{ userId: string; client: string; proof: Proof }> = [];
  const deps: DeleteAccountDeps = {
    isSignedIn: () => Promise.resolve(true),
    checkProof: (userId, client, proof) => {
      proofs.push({ userId, client, proof });
      return Promise.resolve<ProofCheck>(proof.password === 'Secreta123' || proof.code === '123456' ? { ok: true } : { ok: false, reason: 'proof_invalid' });
    },
    deleteAccount: (userId) => {
      calls.push(`delete ${userId}`);
      return Promise.resolve(['c1']);
    },
    removeImages: (names) => {
      calls.push(`remove ${names.join(',')}`);
      return Promise.resolve();
    },
    now: () => now,
    ...overrides,
  };
  return { deps, calls, proofs };
}

const post = (body: unknown, auth = `Bearer ${token}`, headers: Record<string, string> = {}) =>
  new Request('http://localhost/delete-account', { method: 'POST', headers: { Authorization: auth, ...headers }, body: JSON.stringify(body) });

Deno.test('deletes the account and removes its images with the right password, checked for the client', async () => {
  const { deps, calls, proofs } = fakeDeps();
  const response = await createDeleteAccountHandler(deps)(post({ password: 'Secreta123' }, undefined, { 'X-Forwarded-For': '203.0.113.7, 10.0.0.1' }));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { deleted: true });
  assert.deepEqual(calls, ['delete u1', 'remove c1']);
  assert.deepEqual(proofs, [{ userId: 'u1', client: '203.0.113.7', proof: { password: 'Secreta123' } }]);
});

Deno.test('the reauthentication code Auth mailed proves the person too', async () => {
  const { deps, calls } = fakeDeps();
  assert.equal((await createDeleteAccountHandler(deps)(post({ code: ' 123456 ' }))).status, 200);
  assert.deepEqual(calls, ['delete u1', 'remove c1']);
});

Deno.test('a wrong or missing proof is 400 and deletes nothing', async () => {
  for (
    const [body, key] of [
      [{ password: 'otra' }, 'password_invalid'],
      [{}, 'password_invalid'],
      [{ password: 7 }, 'password_invalid'],
      [{ code: '654321' }, 'code_invalid'],
      [{ code: 'abc' }, 'password_invalid'],
    ] as const
  ) {
    const { deps, calls } = fakeDeps();
    const response = await createDeleteAccountHandler(deps)(post(body));
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.equal((await response.json()).error.code, key);
    assert.deepEqual(calls, []);
  }
});

Deno.test('past the limit the database answers rate_limited: 429 with Retry-After, nothing deleted', async () => {
  const { deps, calls } = fakeDeps({ checkProof: () => Promise.resolve({ ok: false, reason: 'rate_limited', retry_after: 1800 }) });
  const response = await createDeleteAccountHandler(deps)(post({ password: 'Secreta123' }));
  assert.equal(response.status, 429);
  assert.equal(response.headers.get('Retry-After'), '1800');
  assert.equal((await response.json()).error.code, 'rate_limited');
  assert.deepEqual(calls, []);
});

Deno.test('without a signed-in user, or with a token Auth no longer knows, it is 401 and checks nothing', async () => {
  for (
    const [request, signedIn] of [
      [post({ password: 'Secreta123' }, 'Bearer not-a-jwt'), true],
      [post({ password: 'Secreta123' }), false],
    ] as const
  ) {
    const { deps, calls, proofs } = fakeDeps({ isSignedIn: () => Promise.resolve(signedIn) });
    const response = await createDeleteAccountHandler(deps)(request);
    assert.equal(response.status, 401);
    assert.equal((await response.json()).error.code, 'not_authenticated');
    assert.deepEqual([calls, proofs], [[], []]);
  }
});

Deno.test('an image the Storage API could not remove does not undo the deletion', async () => {
  const { deps } = fakeDeps({ removeImages: () => Promise.reject(new Error('storage down')) });
  const response = await createDeleteAccountHandler(deps)(post({ password: 'Secreta123' }));
  assert.equal(response.status, 200);
});
