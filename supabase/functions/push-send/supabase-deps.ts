// The real dependencies: the service role claims and reports (the queue is the service role's
// only: it holds every subscriber's endpoint and keys), fetch sends.
import { carriesServiceRoleKey } from '../_shared/api-keys.ts';
import { serviceRpc } from '../_shared/service-role.ts';
import type { PushSendDeps } from './handler.ts';
import { type Delivery, sendAll } from './send.ts';
import { vapidFromEnv } from './vapid.ts';

const env = (name: string) => Deno.env.get(name);

export const supabasePushSendDeps: PushSendDeps = {
  vapid: vapidFromEnv(env),
  // Only the service role sends: the send-push job's key in `apikey` (legacy or sb_secret_).
  isServiceCaller: (request) => carriesServiceRoleKey(request),
  claim: async (limit) => (await serviceRpc<Delivery[] | null>('claim_push_deliveries', { p_limit: limit })) ?? [],
  send: sendAll,
  async finish(results) {
    await serviceRpc('finish_push_deliveries', {
      p_results: results.map((result) => ({ id: result.id, outcome: result.outcome, retry_after: 'retryAfter' in result ? result.retryAfter : 0 })),
    });
  },
};
