// Access tokens for handler tests. The handlers only read the claims (the signature is the
// gateway's and PostgREST's job, see _shared/caller.ts), so the signature here is a filler.
const base64Url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export const TEST_NOW = new Date('2026-11-22T12:00:00Z');

export function accessToken(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.not-checked-here`;
}

export const userId = '6f1c1c1e-8d1a-4a53-9d55-6a0f0c7f2d11';

/** A signed-in user's token, valid for an hour after TEST_NOW. */
export const userToken = accessToken({
  sub: userId,
  role: 'authenticated',
  aud: 'authenticated',
  exp: TEST_NOW.getTime() / 1000 + 3600,
});

/** The shape of the well-known anon key: a token with no user. */
export const anonToken = accessToken({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 });

export const expiredUserToken = accessToken({
  sub: userId,
  role: 'authenticated',
  exp: TEST_NOW.getTime() / 1000 - 1,
});
