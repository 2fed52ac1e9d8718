// Realtime's REST broadcast, `POST /realtime/v1/api/broadcast` (one message per topic and event:
// broadcast-single.ts): public messages go straight
// to the joined sockets; private ones are written to realtime.messages as the caller (so the
// INSERT policy decides) and reach the sockets through the NOTIFY trigger.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { BadJson, PayloadTooLarge, readJson, sendJson, type Handler } from '../shared/http.ts';
import { inTransaction } from '../shared/transaction.ts';
import { actAs, checkToken } from './authorize.ts';
import { broadcastErrors, PLUG_BODY_LIMIT } from './input.ts';
import { singleBroadcast, singleBroadcastPath } from './broadcast-single.ts';

export interface BroadcastMessage {
  topic: string;
  event: string;
  payload: unknown;
  isPrivate: boolean;
  /** raw bytes of a binary (encoding 0) client broadcast */
  binary?: Buffer;
}

/**
 * RealtimeWeb.AuthTenant's access_token: a `Bearer <token>` Authorization (any case), else the
 * apikey header. (Real Realtime crashes with a 500 on an Authorization without a space; here
 * that falls back to the apikey as well.)
 */
function accessToken(req: IncomingMessage): string {
  const [bearer, token, ...more] = (req.headers.authorization ?? '').split(' ');
  if (bearer?.toLowerCase() === 'bearer' && token !== undefined && more.length === 0) return token;
  const apikey = req.headers.apikey;
  return (Array.isArray(apikey) ? apikey[0] : apikey) ?? '';
}

export function broadcastApi(pool: pg.Pool, deliver: (message: BroadcastMessage) => void): Handler {
  return async (req: IncomingMessage, res: ServerResponse, path: string, url: URL) => {
    const single = singleBroadcastPath.exec(path);
    if (req.method !== 'POST' || (path !== '/api/broadcast' && !single)) return sendJson(res, 404, { message: 'Not found' });
    const claims = await checkToken(accessToken(req));
    if (typeof claims === 'string') return sendJson(res, 401, { message: claims });
    if (single) return singleBroadcast(pool, req, res, claims, single, url, deliver);
    let body: Record<string, unknown>;
    try {
      body = await readJson(req, PLUG_BODY_LIMIT);
    } catch (error) {
      // Plug.Parsers' errors rendered by Phoenix: the status text as a JSON string.
      if (error instanceof PayloadTooLarge) return sendJson(res, 413, 'Content Too Large');
      if (error instanceof BadJson) return sendJson(res, 400, 'Bad Request');
      throw error;
    }
    const errors = broadcastErrors(body);
    if (errors) return sendJson(res, 422, { errors });
    const messages = body.messages as Record<string, unknown>[];
    for (const message of messages) {
      const topic = String(message.topic ?? '').replace(/^realtime:/, '');
      const event = String(message.event ?? '');
      if (message.private === true) {
        // A message the caller may not write is dropped, as Realtime does (no error per message).
        await inTransaction(pool, async (db) => {
          await actAs(db, claims, topic);
          await db.query(`insert into realtime.messages (topic, extension, private, event, payload) values ($1, 'broadcast', true, $2, $3)`, [
            topic,
            event,
            message.payload ?? {},
          ]);
        }).catch(() => undefined);
      } else {
        deliver({ topic, event, payload: message.payload, isPrivate: false });
      }
    }
    sendJson(res, 202, {});
  };
}
