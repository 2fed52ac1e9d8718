// Hop-by-hop headers describe one connection, not the message (RFC 9110 §7.6.1): a proxy must
// not forward them, in either direction, nor any header the Connection header names. Copying
// them made two failures: a function's early `connection: close` (413, 401) closed the client's
// connection while it was still uploading (Node's fetch saw EPIPE instead of the answer), and a
// client's own `Connection: close` reached PostgREST, whose closing socket the gateway's agent
// then reused (an occasional 502). The websocket upgrade is handled apart (gateway.ts).
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
]);

/** The headers without the hop-by-hop ones and without those the Connection header lists. */
export function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const connection = headers.connection;
  const named = new Set(
    (Array.isArray(connection) ? connection.join(',') : (connection ?? ''))
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP_HEADERS.has(lower) || named.has(lower)) continue;
    kept[name] = value;
  }
  return kept;
}
