// The local stack's Auth calls the Send Email hook as GoTrue does (supabase/auth
// internal/hooks/hookshttp/hookshttp.go runHTTPHook, hookserrors/hookserrors.go Check,
// v0hooks/v0hooks.go SendEmailInput): a signed POST the project's function can verify, the
// hook's error object passed on as Auth's answer, other statuses as GoTrue maps them, a
// Retry-After answer tried again. Run against a throwaway hook server; the real function's
// verifier (supabase/functions/send-email/webhook-signature.ts) checks the signature.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { verifyWebhook } from '../../supabase/functions/send-email/webhook-signature.ts';
import { createSendEmailHook } from '../auth/send-email-hook.ts';

const SECRET = 'v1,whsec_Y2hpc21lcy1sb2NhbC1zZW5kLWVtYWlsLWhvb2stc2VjcmV0';
type Answer = (res: ServerResponse) => void;
const answers: Answer[] = [];
const received: Array<{ headers: IncomingMessage['headers']; body: string }> = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    received.push({ headers: req.headers, body });
    (answers.shift() ?? ((r) => r.writeHead(204).end()))(res);
  });
});
let port = 0;
before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => server.close());

const hook = (host = '127.0.0.1') => createSendEmailHook({ uri: `http://${host}:${port}/functions/v1/send-email`, secrets: [SECRET] });
const json =
  (status: number, body: unknown, type = 'application/json'): Answer =>
  (res) =>
    res.writeHead(status, { 'content-type': type }).end(JSON.stringify(body));

describe('the Send Email hook, called as GoTrue calls it', () => {
  test('a signed JSON POST that the function verifies; 204 and 200 {} are success; host.docker.internal is this machine', async () => {
    const payload = { metadata: { ip_address: '203.0.113.1' }, user: { email: 'a@example.com' }, email_data: { email_action_type: 'signup' } };
    received.length = 0;
    await hook('host.docker.internal')(payload);
    answers.push(json(200, {}));
    await hook()(payload);
    assert.equal(received.length, 2);
    for (const { headers, body } of received) {
      assert.equal(headers['content-type'], 'application/json');
      assert.deepEqual(JSON.parse(body), payload);
      const signed = new Headers(Object.entries(headers).map(([name, value]) => [name, String(value)]));
      assert.ok(await verifyWebhook([SECRET], signed, body, new Date()), 'the function accepts the signature');
      assert.ok(!(await verifyWebhook(['v1,whsec_b3RoZXJzZWNyZXRvdGhlcnNlY3JldG90aGVy'], signed, body, new Date())));
    }
  });

  test("the hook's error object becomes Auth's answer: its http_code (500 without), code unknown", async () => {
    answers.push(json(200, { error: { http_code: 429, message: 'For security purposes, you can only request this after 60 seconds.' } }));
    await assert.rejects(hook()({}), { status: 429, code: 'unknown', message: 'For security purposes, you can only request this after 60 seconds.' });
    answers.push(json(200, { error: { message: 'sin código' } }));
    await assert.rejects(hook()({}), { status: 500, code: 'unexpected_failure', message: 'sin código' });
    answers.push(json(200, { error: { http_code: 429 } }));
    await hook()({}); // an error without a message is no error (hookserrors.Check)
  });

  test('other answers as GoTrue maps them; 429 with Retry-After is tried again', async () => {
    answers.push(json(200, {}, 'text/plain'));
    await assert.rejects(hook()({}), { status: 400, code: 'hook_payload_invalid_content_type' });
    answers.push((res) => res.writeHead(500).end());
    await assert.rejects(hook()({}), { status: 500, message: 'Unexpected status code returned from hook: 500' });
    answers.push((res) => res.writeHead(401).end());
    await assert.rejects(hook()({}), { status: 500, message: 'Hook requires authorization token' });
    answers.push((res) => res.writeHead(503).end());
    await assert.rejects(hook()({}), { status: 500, message: 'Service currently unavailable due to hook' });
    received.length = 0;
    answers.push((res) => res.writeHead(429, { 'retry-after': '1' }).end());
    await hook()({});
    assert.equal(received.length, 2, 'tried again at once');
  });
});
