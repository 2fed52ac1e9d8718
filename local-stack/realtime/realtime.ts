// Realtime: the Phoenix websocket of local-stack/CONTRACT.md §3 (vsn 2.0.0 arrays and 1.0.0 objects) with
// heartbeats, joins, leaves and token updates; client broadcasts (text or binary frames)
// relayed between sockets; and Broadcast from Database (local-stack/CONTRACT.md §10): private channels are
// authorised at join by the project's RLS policies on realtime.messages, and every committed
// row reaches the joined sockets through the LISTEN/NOTIFY trigger of postgres/bootstrap/10-*.sql.
// postgres_changes bindings are served by postgres-changes.ts, Presence by presence-channel.ts.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Claims } from '../shared/jwt.ts';
import { listen, type OnLost } from './listener.ts';
import type { Handler } from '../shared/http.ts';
import { authorize, checkToken } from './authorize.ts';
import { broadcastApi, type BroadcastMessage } from './broadcast-api.ts';
import { startPostgresChanges, type PostgresBinding, type Subscriber } from './postgres-changes.ts';
import { decodeBinaryPush, encodeBinaryBroadcast, hashBinding, type Frame, type Ref } from './frames.ts';
import { ClientPresenceLimit, JoinRate, MAX_CHANNELS_PER_CLIENT } from './limits.ts';
import { createPresence } from './presence-channel.ts';
import { presenceKey } from './presence.ts';

const NOTIFY_CHANNEL = 'realtime_local_stack';
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface Channel {
  topic: string;
  /** the channel name without the `realtime:` prefix; what realtime.topic() returns */
  name: string;
  joinRef: Ref;
  isPrivate: boolean;
  claims: Claims;
  canRead: boolean;
  canWrite: boolean;
  self: boolean;
  ack: boolean;
  bindings: PostgresBinding[];
  expiryTimer?: NodeJS.Timeout;
  /** `config.presence.key`, or a UUID */
  presenceKey: string;
  /** `config.presence.enabled` at join, or since this channel tracked */
  presenceEnabled: boolean;
  /** private channels: the 'presence' RLS probe's answers; undefined until evaluated */
  presenceRead?: boolean;
  presenceWrite?: boolean;
  presenceLimit: ClientPresenceLimit;
}

export interface Client {
  ws: WebSocket;
  vsn2: boolean;
  token: string;
  channels: Map<string, Channel>;
}

export interface Realtime {
  /** `/realtime/v1/api/*` (REST broadcast) */
  api: Handler;
  /** Upgrades `/realtime/v1/websocket`; token = the apikey after the gateway's mapping. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, token: string, vsn: string): Promise<void>;
  close(): Promise<void>;
}

/** `onLost` hears (and reconnects) the loss of the LISTEN connection; default: log and retry in 1 s. */
export async function createRealtime(dbUrl: string, onLost?: OnLost): Promise<Realtime> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 6 });
  pool.on('error', (error) => console.error(`realtime: database connection error: ${error.message}`));
  const wss = new WebSocketServer({ noServer: true });
  const clients = new Set<Client>();
  const joinRate = new JoinRate();

  function send(client: Client, frame: Frame): void {
    if (client.ws.readyState !== client.ws.OPEN) return;
    const { joinRef, ref, topic, event, payload } = frame;
    client.ws.send(JSON.stringify(client.vsn2 ? [joinRef, ref, topic, event, payload] : { join_ref: joinRef, ref, topic, event, payload }));
  }

  function reply(client: Client, frame: Frame, status: 'ok' | 'error', response: Record<string, unknown>): void {
    send(client, { joinRef: frame.joinRef, ref: frame.ref, topic: frame.topic, event: 'phx_reply', payload: { status, response } });
  }

  function closeChannel(client: Client, channel: Channel, message: string): void {
    clearTimeout(channel.expiryTimer);
    client.channels.delete(channel.topic);
    presence.forget(channel);
    send(client, {
      joinRef: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message, channel: channel.name },
    });
    send(client, { joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} });
  }

  const presence = createPresence({ pool, clients, send, reply, closeChannel });

  function armExpiry(client: Client, channel: Channel): void {
    clearTimeout(channel.expiryTimer);
    const delay = Number(channel.claims.exp) * 1000 - Date.now();
    if (delay < MAX_TIMER_MS) {
      channel.expiryTimer = setTimeout(() => closeChannel(client, channel, 'Token has expired'), Math.max(delay, 0));
    }
  }

  async function join(client: Client, frame: Frame): Promise<void> {
    const config = (frame.payload.config ?? {}) as {
      private?: boolean;
      broadcast?: { self?: boolean; ack?: boolean };
      postgres_changes?: Record<string, unknown>[];
      presence?: { key?: unknown; enabled?: boolean };
    };
    const token = typeof frame.payload.access_token === 'string' && !frame.payload.access_token.startsWith('sb_') ? frame.payload.access_token : client.token;
    const claims = await checkToken(token);
    if (typeof claims === 'string') return reply(client, frame, 'error', { reason: claims });
    // hosted Realtime's limits (docs/scaling.md): channels per connection, joins per second
    if (!client.channels.has(frame.topic) && client.channels.size >= MAX_CHANNELS_PER_CLIENT) {
      return reply(client, frame, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
    }
    if (!joinRate.admit()) return reply(client, frame, 'error', { reason: 'ClientJoinRateLimitReached: Too many joins per second' });
    const name = frame.topic.replace(/^realtime:/, '');
    const isPrivate = config.private === true;
    const presenceEnabled = config.presence?.enabled === true;
    const access = isPrivate ? await authorize(pool, name, claims) : { canRead: true, canWrite: true };
    // With presence enabled at join, its read policy is evaluated too, and either read admits the join.
    const presenceRead = isPrivate && presenceEnabled ? (await authorize(pool, name, claims, 'presence')).canRead : undefined;
    if (!access.canRead && presenceRead !== true) {
      return reply(client, frame, 'error', { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${name}` });
    }
    const previous = client.channels.get(frame.topic);
    if (previous) {
      clearTimeout(previous.expiryTimer);
      presence.forget(previous);
    }
    const bindings: PostgresBinding[] = (config.postgres_changes ?? []).map((binding) => ({
      ...(binding as Omit<PostgresBinding, 'id'>),
      id: hashBinding(binding),
    }));
    const channel: Channel = {
      topic: frame.topic,
      name,
      joinRef: frame.joinRef,
      isPrivate,
      claims,
      ...access,
      self: config.broadcast?.self === true,
      ack: config.broadcast?.ack === true,
      bindings: [],
      presenceKey: presenceKey(config.presence),
      presenceEnabled,
      presenceRead,
      presenceLimit: new ClientPresenceLimit(),
    };
    client.channels.set(frame.topic, channel);
    armExpiry(client, channel);
    reply(client, frame, 'ok', { postgres_changes: bindings });
    presence.sync(client, channel);
    if (bindings.length > 0) {
      const problem = await postgresChanges.validate(bindings, String(claims.role));
      if (!problem) channel.bindings = bindings;
      send(client, {
        joinRef: frame.joinRef,
        ref: null,
        topic: frame.topic,
        event: 'system',
        payload: { extension: 'postgres_changes', status: problem ? 'error' : 'ok', message: problem ?? 'Subscribed to PostgreSQL', channel: name },
      });
    }
  }

  async function updateToken(client: Client, frame: Frame): Promise<void> {
    const channel = client.channels.get(frame.topic);
    const token = frame.payload.access_token;
    if (!channel || typeof token !== 'string' || token.startsWith('sb_')) return;
    const claims = await checkToken(token);
    if (typeof claims === 'string') return closeChannel(client, channel, claims);
    if (channel.isPrivate) {
      // The policies are evaluated again with the new claims; the presence ones only if they were
      // before (realtime_channel.ex), and either read keeps the channel, as at join.
      const access = await authorize(pool, channel.name, claims);
      const presence =
        channel.presenceRead === undefined && channel.presenceWrite === undefined ? undefined : await authorize(pool, channel.name, claims, 'presence');
      if (!access.canRead && presence?.canRead !== true) {
        return closeChannel(client, channel, `Unauthorized: You do not have permissions to read from this Channel topic: ${channel.name}`);
      }
      Object.assign(channel, access);
      if (presence) {
        channel.presenceRead = presence.canRead;
        if (channel.presenceWrite !== undefined) channel.presenceWrite = presence.canWrite;
      }
    }
    channel.claims = claims;
    armExpiry(client, channel);
  }

  /** Delivers a broadcast to every socket joined to the topic with the same privacy. */
  function deliver(message: BroadcastMessage, sender?: Client): void {
    const topic = `realtime:${message.topic}`;
    for (const client of clients) {
      const channel = client.channels.get(topic);
      if (!channel || channel.isPrivate !== message.isPrivate || !channel.canRead) continue;
      if (client === sender && !channel.self) continue;
      if (message.binary) {
        if (client.ws.readyState === client.ws.OPEN) client.ws.send(encodeBinaryBroadcast(topic, message.event, message.binary));
      } else {
        send(client, { joinRef: null, ref: null, topic, event: 'broadcast', payload: { type: 'broadcast', event: message.event, payload: message.payload } });
      }
    }
  }

  function clientBroadcast(client: Client, frame: Frame, binary?: Buffer): void {
    const channel = client.channels.get(frame.topic);
    if (!channel) return;
    if (channel.isPrivate && !channel.canWrite) {
      if (channel.ack) reply(client, frame, 'error', { reason: 'Unauthorized: You do not have permissions to write to this Channel topic' });
      return;
    }
    const event = String(frame.payload.event ?? '');
    deliver({ topic: channel.name, event, payload: frame.payload.payload, isPrivate: channel.isPrivate, binary }, client);
    if (channel.ack && frame.ref) reply(client, frame, 'ok', {});
  }

  async function handle(client: Client, frame: Frame, binary?: Buffer): Promise<void> {
    if (frame.topic === 'phoenix' && frame.event === 'heartbeat') return reply(client, frame, 'ok', {});
    switch (frame.event) {
      case 'phx_join':
        return join(client, frame);
      case 'phx_leave': {
        const channel = client.channels.get(frame.topic);
        if (channel) {
          clearTimeout(channel.expiryTimer);
          presence.forget(channel);
        }
        client.channels.delete(frame.topic);
        reply(client, frame, 'ok', {});
        return send(client, { joinRef: frame.joinRef, ref: frame.joinRef, topic: frame.topic, event: 'phx_close', payload: {} });
      }
      case 'access_token':
        return updateToken(client, frame);
      case 'broadcast':
        return clientBroadcast(client, frame, binary);
      case 'presence':
        return presence.handle(client, frame);
      default:
        if (frame.ref) reply(client, frame, 'ok', {});
    }
  }

  function parse(client: Client, data: RawData, isBinary: boolean): { frame: Frame; binary?: Buffer } | undefined {
    const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    if (isBinary) return decodeBinaryPush(buffer);
    const parsed: unknown = JSON.parse(buffer.toString('utf8'));
    if (Array.isArray(parsed)) {
      const [joinRef, ref, topic, event, payload] = parsed as [Ref, Ref, string, string, Record<string, unknown>];
      return { frame: { joinRef, ref, topic, event, payload: payload ?? {} } };
    }
    const object = parsed as { join_ref?: Ref; ref?: Ref; topic: string; event: string; payload?: Record<string, unknown> };
    client.vsn2 = false;
    return { frame: { joinRef: object.join_ref ?? null, ref: object.ref ?? null, topic: object.topic, event: object.event, payload: object.payload ?? {} } };
  }

  const onNotification = (notification: pg.Notification) => {
    if (notification.channel !== NOTIFY_CHANNEL || !notification.payload) return;
    const row = JSON.parse(notification.payload) as { id: string; topic: string; event?: string; private: boolean; extension?: string; payload?: unknown };
    if (row.extension !== undefined && row.extension !== 'broadcast') return;
    if ('payload' in row) {
      deliver({ topic: row.topic, event: row.event ?? '', payload: row.payload, isPrivate: row.private === true });
      return;
    }
    // Too large for a notification: read the committed row back.
    void pool
      .query<{ event: string; payload: unknown; extension: string }>('select event, payload, extension from realtime.messages where id = $1', [row.id])
      .then(({ rows }) => {
        if (rows[0] && rows[0].extension === 'broadcast')
          deliver({ topic: row.topic, event: rows[0].event, payload: rows[0].payload, isPrivate: row.private === true });
      })
      .catch((error: unknown) => console.error('realtime: reading message', row.id, error));
  };
  const retryAlone: OnLost = (reason, reconnect) => {
    console.error(`realtime: ${reason}; reconnecting in 1 s`);
    setTimeout(() => void reconnect().catch((error: unknown) => retryAlone(String(error), reconnect)), 1000).unref();
  };
  const listener = await listen(dbUrl, NOTIFY_CHANNEL, onNotification, onLost ?? retryAlone);

  const subscribers = (): Subscriber[] => {
    const result: Subscriber[] = [];
    for (const client of clients) {
      for (const channel of client.channels.values()) {
        if (channel.bindings.length === 0) continue;
        result.push({
          claims: channel.claims,
          bindings: channel.bindings,
          deliver: (ids, data) => send(client, { joinRef: null, ref: null, topic: channel.topic, event: 'postgres_changes', payload: { ids, data } }),
        });
      }
    }
    return result;
  };
  const postgresChanges = await startPostgresChanges(pool, subscribers);

  const api = broadcastApi(pool, (message) => deliver(message));

  return {
    api,
    async upgrade(request, socket, head, token, vsn) {
      // The real server refuses the socket itself when the apikey is not a valid JWT.
      if (typeof (await checkToken(token)) === 'string') {
        socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
        return;
      }
      const ws = await new Promise<WebSocket>((resolve) => wss.handleUpgrade(request, socket, head, resolve));
      const client: Client = { ws, vsn2: vsn.startsWith('2'), token, channels: new Map() };
      clients.add(client);
      ws.on('message', (data, isBinary) => {
        let parsed: ReturnType<typeof parse>;
        try {
          parsed = parse(client, data, isBinary);
        } catch {
          return;
        }
        if (parsed) void handle(client, parsed.frame, parsed.binary).catch((error: unknown) => console.error('realtime:', error));
      });
      ws.on('error', (error) => console.error('realtime socket:', error.message));
      ws.on('close', () => {
        clients.delete(client);
        for (const channel of client.channels.values()) {
          clearTimeout(channel.expiryTimer);
          presence.forget(channel);
        }
      });
    },
    async close() {
      for (const client of clients) client.ws.terminate();
      wss.close();
      await postgresChanges.stop();
      await listener.close();
      await pool.end().catch(() => undefined);
    },
  };
}
