import assert from 'node:assert/strict';
import { verifyWebhook } from './webhook-signature.ts';

// The Standard Webhooks specification's own example (its README's "Signature scheme").
const SECRET = 'v1,whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const BODY = '{"test": 2432232314}';
const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

const headers = (signature: string, timestamp = TIMESTAMP, id = ID) =>
  new Headers({ 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature });
const at = (seconds: number) => new Date(seconds * 1000);

Deno.test("accepts the specification's example and Auth's comma-joined list", async () => {
  assert.ok(await verifyWebhook([SECRET], headers(SIGNATURE), BODY, at(TIMESTAMP)));
  assert.ok(await verifyWebhook([SECRET], headers(`v1,c2lnbmF0dXJl, ${SIGNATURE}`), BODY, at(TIMESTAMP)));
  assert.ok(await verifyWebhook(['v1,whsec_b3RoZXJzZWNyZXRvdGhlcnNlY3JldG90aGVy', SECRET], headers(SIGNATURE), BODY, at(TIMESTAMP)));
});

Deno.test('refuses another body, id, secret, a missing signature and a stale or future timestamp', async () => {
  assert.ok(!(await verifyWebhook([SECRET], headers(SIGNATURE), '{"test": 1}', at(TIMESTAMP))));
  assert.ok(!(await verifyWebhook([SECRET], headers(SIGNATURE, TIMESTAMP, 'msg_other'), BODY, at(TIMESTAMP))));
  assert.ok(!(await verifyWebhook(['v1,whsec_b3RoZXJzZWNyZXRvdGhlcnNlY3JldG90aGVy'], headers(SIGNATURE), BODY, at(TIMESTAMP))));
  assert.ok(!(await verifyWebhook([SECRET], headers(''), BODY, at(TIMESTAMP))));
  assert.ok(!(await verifyWebhook([SECRET], headers(SIGNATURE), BODY, at(TIMESTAMP + 301))));
  assert.ok(!(await verifyWebhook([SECRET], headers(SIGNATURE), BODY, at(TIMESTAMP - 301))));
  assert.ok(!(await verifyWebhook([], headers(SIGNATURE), BODY, at(TIMESTAMP))));
});
