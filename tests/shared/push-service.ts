// A real push service on this machine for the tests: web-push-testing's server (subscribes
// with a VAPID key, checks every push's VAPID signature and headers, decrypts aes128gcm and
// keeps the plaintext; a subscription it expired answers 410). Started in-process on
// 127.0.0.1 only (its own start() listens on every interface and names `localhost`).
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);

interface TestingServer {
  _app: { listen(port: number, host: string, done: () => void): Server };
  setRequestHandlers(): void;
}
type TestingServerClass = new (model: unknown, port: number) => TestingServer;

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface PushService {
  origin: string;
  /** The anchored pattern private.push_services needs for this service's endpoints. */
  endpointPattern: string;
  subscribe(applicationServerKey: string): Promise<PushSubscriptionJson>;
  /** The decrypted payloads this subscription received, oldest first. */
  messages(subscription: PushSubscriptionJson): Promise<string[]>;
  /** From now on its endpoint answers 410 Gone (the browser unsubscribed). */
  expire(subscription: PushSubscriptionJson): Promise<void>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const Server = require('web-push-testing/src/server.js') as TestingServerClass;
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => { notifyUrl: string } };
  const model = new PushApiModel();
  const server = new Server(model, 0);
  const http = await new Promise<Server>((resolve) => {
    const listening: Server = server._app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  server.setRequestHandlers();
  const port = (http.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  model.notifyUrl = `${origin}/notify/`;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`push service ${path}: ${response.status} ${await response.text()}`);
    return response.status === 200 && response.headers.get('content-type')?.includes('json') ? ((await response.json()) as { data: unknown }).data : null;
  };
  return {
    origin,
    endpointPattern: `^http://127\\.0\\.0\\.1:${port}/notify/`,
    subscribe: async (applicationServerKey) => (await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey })) as PushSubscriptionJson,
    messages: async (subscription) => ((await post('/get-notifications', { clientHash: subscription.clientHash })) as { messages: string[] }).messages,
    expire: async (subscription) => void (await post(`/expire-subscription/${subscription.clientHash}`, {})),
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
