import assert from 'node:assert/strict';
import { type Delivery, pushRequest, sendAll, vapidAuthorization } from './send.ts';
import { LOCAL_DEMO_VAPID } from './vapid.ts';

// A browser's subscription keys: a P-256 public key and a 16-byte auth secret.
const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
const base64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const p256dh = base64Url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
const auth = base64Url(crypto.getRandomValues(new Uint8Array(16)));

const delivery = (id: number, endpoint = `https://fcm.googleapis.com/fcm/send/device-${id}`): Delivery => ({
  id,
  endpoint,
  p256dh,
  auth,
  payload: { title: 'Chismes', body: 'Tienes una respuesta nueva en Chismes' },
  topic: 'a'.repeat(32),
  urgency: 'normal',
  ttl: 43200,
  attempts: 1,
});

Deno.test('a push request: aes128gcm body, VAPID, TTL, Urgency and Topic', () => {
  const { url, init } = pushRequest(delivery(1), LOCAL_DEMO_VAPID);
  const headers = new Headers(init.headers);
  assert.equal(url, 'https://fcm.googleapis.com/fcm/send/device-1');
  assert.equal(headers.get('Content-Encoding'), 'aes128gcm');
  assert.equal(headers.get('TTL'), '43200');
  assert.equal(headers.get('Urgency'), 'normal');
  assert.equal(headers.get('Topic'), 'a'.repeat(32));
  assert.match(headers.get('Authorization') ?? '', new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${LOCAL_DEMO_VAPID.publicKey}$`));
  const body = init.body as Uint8Array;
  // RFC 8188 header (salt 16, record size 4, key id length 1, 65-byte key) + the sealed record
  assert.equal(body[20], 65);
  assert.ok(!new TextDecoder().decode(body).includes('Tienes'), 'the payload is encrypted');
});

Deno.test('each answer becomes its outcome; a network failure is retried', async () => {
  const statuses: Record<string, number> = { '1': 201, '2': 410, '3': 429, '4': 400 };
  const fetcher = ((input: string | URL | Request) => {
    const id = String(input).split('-').pop()!;
    if (id === '5') return Promise.reject(new TypeError('connection refused'));
    return Promise.resolve(new Response(null, { status: statuses[id], headers: id === '3' ? { 'Retry-After': '60' } : {} }));
  }) as typeof fetch;
  const results = await sendAll([1, 2, 3, 4, 5].map((id) => delivery(id)), LOCAL_DEMO_VAPID, fetcher);
  assert.deepEqual(results, [
    { id: 1, outcome: 'sent' },
    { id: 2, outcome: 'gone' },
    { id: 3, outcome: 'retry', retryAfter: 60 },
    { id: 4, outcome: 'failed' },
    { id: 5, outcome: 'retry', retryAfter: 0 },
  ]);
});

Deno.test('keys the library cannot use fail that delivery only', async () => {
  const broken = { ...delivery(1), p256dh: 'AAAA' };
  const results = await sendAll([broken, delivery(2)], LOCAL_DEMO_VAPID, (() => Promise.resolve(new Response(null, { status: 201 }))) as typeof fetch);
  assert.deepEqual(results, [
    { id: 1, outcome: 'failed' },
    { id: 2, outcome: 'sent' },
  ]);
});

Deno.test('one VAPID signature per push service per call', () => {
  const signed = new Map<string, string>();
  const first = vapidAuthorization('https://fcm.googleapis.com/fcm/send/a', LOCAL_DEMO_VAPID, signed);
  assert.equal(vapidAuthorization('https://fcm.googleapis.com/fcm/send/b', LOCAL_DEMO_VAPID, signed), first);
  assert.notEqual(vapidAuthorization('https://updates.push.services.mozilla.com/wpush/v2/c', LOCAL_DEMO_VAPID, signed), first);
  assert.equal(signed.size, 2);
});
