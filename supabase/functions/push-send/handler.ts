// push-send (docs/decisions/0028-web-push.md):
//   GET  → 200 { publicKey }: the VAPID public key browsers subscribe with (public by nature);
//   POST → 200 { sent, gone, retry, failed, rounds }, service key only: claims ready deliveries
//          (claim_push_deliveries plans the due pushes first), sends them, reports the answers
//          (finish_push_deliveries), and again while a full batch came and time is left.
// Called every 5 s by pg_cron + pg_net on hosted Supabase, by the stack's daemon here, and
// only when work is due. Twice at once is harmless: the claim leases each delivery.
import { corsHeaders } from '../_shared/cors.ts';
import { type ApiFailure, errorResponse, jsonResponse, methodNotAllowed, notAuthenticated, withErrorBoundary } from '../_shared/http.ts';
import type { Delivery, Result } from './send.ts';
import type { Vapid } from './vapid.ts';

export interface PushSendDeps {
  vapid: Vapid | null;
  isServiceCaller(request: Request): boolean;
  claim(limit: number): Promise<Delivery[]>;
  send(deliveries: Delivery[], vapid: Vapid): Promise<Result[]>;
  finish(results: Result[]): Promise<void>;
}

export const BATCH = 100;
export const MAX_ROUNDS = 10;
/** Stop starting rounds after this long (hosted functions: 150 s wall clock, 2 s of CPU). */
export const ROUND_BUDGET_MS = 20_000;

const notConfigured: ApiFailure = { status: 503, code: 'push_not_configured', message: 'Error API: Las notificaciones push no están configuradas' };
const withGet = { ...corsHeaders, 'Access-Control-Allow-Methods': 'GET, POST, OPTIONS' };

export function createPushSendHandler(deps: PushSendDeps, now: () => number = () => performance.now()) {
  return withErrorBoundary('push-send', async (request) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: withGet });
    if (request.method === 'GET') {
      if (!deps.vapid) return errorResponse(notConfigured);
      const response = jsonResponse(200, { publicKey: deps.vapid.publicKey });
      response.headers.set('Access-Control-Allow-Methods', withGet['Access-Control-Allow-Methods']);
      return response;
    }
    if (request.method !== 'POST') return errorResponse(methodNotAllowed);
    if (!deps.isServiceCaller(request)) return errorResponse(notAuthenticated);
    if (!deps.vapid) {
      console.error('push-send: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not set (docs/deploy.md, "Web Push")');
      return errorResponse(notConfigured);
    }
    const totals = { sent: 0, gone: 0, retry: 0, failed: 0, rounds: 0 };
    const started = now();
    while (totals.rounds < MAX_ROUNDS && now() - started < ROUND_BUDGET_MS) {
      const deliveries = await deps.claim(BATCH);
      totals.rounds++;
      if (deliveries.length === 0) break;
      const results = await deps.send(deliveries, deps.vapid);
      await deps.finish(results);
      for (const result of results) totals[result.outcome]++;
      if (deliveries.length < BATCH) break;
    }
    return jsonResponse(200, totals);
  });
}
