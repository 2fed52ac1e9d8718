// Proxying a request to a local upstream (PostgREST, a function's Deno) without holding its
// body: bytes are forwarded as they arrive (with back-pressure), counted, and the gateway stops
// at the route's limit whatever Content-Length or chunking says. Over the limit it answers 413
// itself; when the upstream answers before the body is over (chisme-image's own 413 after about
// 1 MiB), that answer goes to the client and forwarding stops there too. Either way the rest of
// the upload is read and dropped for a few seconds, as nginx's lingering close does, so the
// client still sees the answer instead of a reset connection, and then the connection is closed.
import { request as httpRequest, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { lingerAndClose, sendJson } from '../shared/http.ts';
import { withoutHopByHop } from './hop-by-hop.ts';

export interface ProxyTarget {
  /** a TCP port on 127.0.0.1, or a Unix socket (a function's) */
  port?: number;
  socketPath?: string;
  /** path and query on the upstream */
  path: string;
  /** the route's body limit in bytes */
  limit: number;
  timeoutMs: number;
  /** connection refused, or a socket not there yet (a function restarting under `deno --watch`), is retried until then, before any body byte is read */
  retryRefusedMs?: number;
  /** the answer when the upstream cannot be reached */
  unavailable(res: ServerResponse, error: Error): void;
  /** set on the upstream's answer, over its own (Kong's `cors` header_filter, kong.ts) */
  responseHeaders?: Readonly<Record<string, string>>;
}

/** Kong's request-size-limiting answer. */
function tooLarge(res: ServerResponse): void {
  if (!res.headersSent) sendJson(res, 413, { message: 'Request size limit exceeded' });
}

export function proxyBounded(req: IncomingMessage, res: ServerResponse, target: ProxyTarget): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > target.limit) {
    tooLarge(res);
    lingerAndClose(req);
    return;
  }
  const deadline = Date.now() + (target.retryRefusedMs ?? 0);
  // Hop-by-hop headers stay on this hop (hop-by-hop.ts); Node frames the body to the upstream itself.
  const headers = { ...withoutHopByHop(req.headers), host: target.port ? `127.0.0.1:${target.port}` : 'localhost' };
  const where = target.socketPath ? { socketPath: target.socketPath } : { host: '127.0.0.1', port: target.port };
  req.pause();

  const attempt = (): void => {
    let forwarding = false;
    const upstream: ClientRequest = httpRequest({ ...where, path: target.path, method: req.method, headers, timeout: target.timeoutMs }, (response) => {
      if (!req.complete) stopForwarding();
      res.writeHead(response.statusCode ?? 502, { ...withoutHopByHop(response.headers), ...target.responseHeaders });
      response.pipe(res);
    });
    const stopForwarding = (): void => {
      forwarding = false;
      req.off('data', onData);
      req.off('end', onEnd);
      lingerAndClose(req);
      // The upstream saw only part of a body; its connection cannot be reused.
      res.once('finish', () => upstream.destroy());
    };
    let received = 0;
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > target.limit) {
        stopForwarding();
        upstream.destroy();
        tooLarge(res);
        return;
      }
      if (!upstream.write(chunk)) {
        req.pause();
        upstream.once('drain', () => forwarding && req.resume());
      }
    };
    const onEnd = (): void => void upstream.end();
    const start = (): void => {
      forwarding = true;
      req.on('data', onData);
      req.once('end', onEnd);
      req.resume();
    };
    upstream.once('socket', (socket) => {
      if (socket.connecting) socket.once('connect', start);
      else start();
    });
    upstream.on('timeout', () => upstream.destroy(new Error(`the upstream did not answer within ${target.timeoutMs / 1000} s`)));
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!forwarding && received === 0 && (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') && Date.now() < deadline)
        return void setTimeout(attempt, 100);
      if (forwarding) stopForwarding();
      if (res.writableEnded) return;
      if (res.headersSent) return void res.destroy();
      target.unavailable(res, error);
    });
  };
  attempt();
}
