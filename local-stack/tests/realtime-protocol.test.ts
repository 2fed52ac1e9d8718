// The Phoenix protocol below supabase-js (local-stack/CONTRACT.md §3): heartbeat replies, vsn 1.0.0 objects,
// leave → reply + phx_close, and a socket refused for an invalid apikey.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import WebSocket from 'ws';
import { ANON_KEY, API_URL, PUBLISHABLE_KEY } from '../keys.ts';

const socketUrl = (apikey: string, vsn: string) => `${API_URL.replace('http', 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${vsn}`;

function open(url: string): Promise<{ ws: WebSocket; next: () => Promise<unknown> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const queue: unknown[] = [];
    const waiters: ((value: unknown) => void)[] = [];
    ws.on('message', (data) => {
      const message: unknown = JSON.parse(data.toString());
      const waiter = waiters.shift();
      if (waiter) waiter(message);
      else queue.push(message);
    });
    ws.once('open', () =>
      resolve({
        ws,
        next: () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((done) => waiters.push(done))),
      }),
    );
    ws.once('error', reject);
  });
}

test('vsn 2.0.0: heartbeat reply, join, leave with phx_close; the publishable key is mapped', async () => {
  const { ws, next } = await open(socketUrl(PUBLISHABLE_KEY, '2.0.0'));
  ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
  assert.deepEqual(await next(), [null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
  ws.send(JSON.stringify(['2', '2', 'realtime:protocol', 'phx_join', { config: { broadcast: { self: false }, private: false } }]));
  assert.deepEqual(await next(), ['2', '2', 'realtime:protocol', 'phx_reply', { status: 'ok', response: { postgres_changes: [] } }]);
  ws.send(JSON.stringify(['2', '3', 'realtime:protocol', 'phx_leave', {}]));
  assert.deepEqual(await next(), ['2', '3', 'realtime:protocol', 'phx_reply', { status: 'ok', response: {} }]);
  assert.deepEqual(await next(), ['2', '2', 'realtime:protocol', 'phx_close', {}]);
  ws.close();
});

test('vsn 1.0.0: object frames', async () => {
  const { ws, next } = await open(socketUrl(ANON_KEY, '1.0.0'));
  ws.send(JSON.stringify({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7', join_ref: null }));
  assert.deepEqual(await next(), { join_ref: null, ref: '7', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
  ws.close();
});

test('a socket with an invalid apikey is refused', async () => {
  await assert.rejects(open(socketUrl('not-a-key', '2.0.0')), /403/);
});
