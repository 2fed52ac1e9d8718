// Realtime's single broadcast, `POST /realtime/v1/api/broadcast/<topic>/events/<event>[?private=true]`
// (what realtime-js's httpSend calls, Realtime ≥ 2.97): a JSON or binary
// (`application/octet-stream`) body sent as one message; 202 with an empty body. A private
// message needs the caller to be allowed to write to the topic (realtime.messages INSERT
// policy, probed as at join), else 403 Unauthorized, as Realtime's SingleBroadcast answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { PayloadTooLarge, readBody, sendJson } from '../shared/http.ts';
import type { Claims } from '../shared/jwt.ts';
import { authorize } from './authorize.ts';
import type { BroadcastMessage } from './broadcast-api.ts';
import { PLUG_BODY_LIMIT } from './input.ts';

export const singleBroadcastPath = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/;

export async function singleBroadcast(
  pool: pg.Pool,
  req: IncomingMessage,
  res: ServerResponse,
  claims: Claims,
  match: RegExpExecArray,
  url: URL,
  deliver: (message: BroadcastMessage) => void,
): Promise<void> {
  let topic: string;
  let event: string;
  try {
    topic = decodeURIComponent(match[1]!);
    event = decodeURIComponent(match[2]!);
  } catch {
    return sendJson(res, 400, 'Bad Request');
  }
  const isPrivate = url.searchParams.get('private') === 'true';
  let body: Buffer;
  try {
    body = await readBody(req, PLUG_BODY_LIMIT);
  } catch (error) {
    if (error instanceof PayloadTooLarge) return sendJson(res, 413, 'Content Too Large');
    throw error;
  }
  const contentType = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const binary = contentType === 'application/octet-stream';
  let payload: unknown;
  if (!binary) {
    if (contentType !== 'application/json') return sendJson(res, 415, 'Unsupported Media Type');
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(res, 400, 'Bad Request');
    }
    if (payload === null) return sendJson(res, 422, { errors: { payload: ["can't be blank"] } });
  }
  if (isPrivate && !(await authorize(pool, topic, claims)).canWrite) return sendJson(res, 403, { message: 'Unauthorized' });
  deliver(binary ? { topic, event, payload: undefined, isPrivate, binary: body } : { topic, event, payload, isPrivate });
  res.writeHead(202);
  res.end();
}
