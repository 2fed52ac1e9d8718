import assert from 'node:assert/strict';
import { createDeleteAccountHandler, type DeleteAccountDeps } from './handler.ts';

const now = new Date('2026-11-27T10:00:00Z');
const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = `${base64url({ alg: 'HS256' })}.${base64url({ sub: 'u1', role: 'authenticated', exp: now.getTime() / 1000 + 600 })}.sig`;

function fakeDeps(overrides: Partial<DeleteAccountDeps> = {}) {
  const calls: string[] = [];
  const deps: DeleteAccountDeps = {
    emailOf: () => Promise.resolve('ana@example.test'),
    passwordMatches: (_email, password) => Promise.resolve(password === 'Secreta123'),
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
  return { deps, calls };
}

const post = (body: unknown, auth = `Bearer ${token}`) =>
  new Request('http://localhost/delete-account', { method: 'POST', headers: { Authorization: auth }, body: JSON.stringify(body) });

Deno.test('deletes the account and removes its images with the right password', async () => {
  const { deps, calls } = fakeDeps();
  const response = await createDeleteAccountHandler(deps)(post({ password: 'Secreta123' }));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { deleted: true });
  assert.deepEqual(calls, ['delete u1', 'remove c1']);
});

Deno.test('a wrong or missing password is 400 password_invalid and deletes nothing', async () => {
  for (const body of [{ password: 'otra' }, {}, { password: 7 }]) {
    const { deps, calls } = fakeDeps();
    const response = await createDeleteAccountHandler(deps)(post(body));
    assert.equal(response.status, 400);
    assert.equal((await response.json()).error.code, 'password_invalid');
    assert.deepEqual(calls, []);
  }
});

Deno.test('without a signed-in user it is 401 and deletes nothing', async () => {
  const { deps, calls } = fakeDeps();
  const response = await createDeleteAccountHandler(deps)(post({ password: 'Secreta123' }, 'Bearer not-a-jwt'));
  assert.equal(response.status, 401);
  assert.deepEqual(calls, []);
});

Deno.test('an image the Storage API could not remove does not undo the deletion', async () => {
  const { deps } = fakeDeps({ removeImages: () => Promise.reject(new Error('storage down')) });
  const response = await createDeleteAccountHandler(deps)(post({ password: 'Secreta123' }));
  assert.equal(response.status, 200);
});
