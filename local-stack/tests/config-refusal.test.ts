// stack:start refuses, in one line naming each, settings of supabase/config.toml the local
// stack does not implement (local-stack/runtime/unsupported.ts), and accepts the project's own config.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { supabaseDir } from '../shared/paths.ts';
import { refusal, unsupportedSettings } from '../runtime/unsupported.ts';

function withConfig(extra: string, check: (file: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'config-refusal-'));
  try {
    const file = join(dir, 'config.toml');
    writeFileSync(file, `${readFileSync(join(supabaseDir, 'config.toml'), 'utf8')}\n${extra}\n`);
    check(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('config refusal', () => {
  test("the project's config.toml has nothing the stack cannot do", () => {
    assert.deepEqual(unsupportedSettings(), []);
    assert.equal(refusal(), undefined);
  });

  test('MFA, phone sign-up, SAML, image transformations, hooks and other providers are each named in one line', () => {
    const extra = [
      '[auth.mfa.totp]',
      'enroll_enabled = true',
      'verify_enabled = false',
      '[auth.sms]',
      'enable_signup = true',
      '[auth.sso]',
      'enabled = true',
      '[storage.image_transformation]',
      'enabled = true',
      '[auth.hook.custom_access_token]',
      'enabled = true',
      'uri = "pg-functions://postgres/public/hook"',
      '[auth.external.github]',
      'enabled = true',
    ].join('\n');
    withConfig(extra, (file) => {
      assert.deepEqual(unsupportedSettings(file), [
        '[auth.sms] enable_signup (phone sign-up)',
        '[auth.mfa.totp] enroll_enabled (MFA enrolment (TOTP))',
        '[auth.sso] enabled (SAML SSO)',
        '[storage.image_transformation] enabled (image transformations)',
        '[auth.hook.custom_access_token] enabled (Auth hooks other than send_email over HTTP)',
        '[auth.external.github] enabled (only Google and Facebook are simulated)',
      ]);
      const line = refusal(file)!;
      assert.doesNotMatch(line, /\n/);
      assert.match(line, /^supabase\/config\.toml enables what the local stack does not implement: \[auth\.sms\] enable_signup/);
    });
  });

  test('the Send Email hook: only over HTTP, with secrets as GoTrue checks them (conf ValidateExtensibilityPoint)', () => {
    withConfig('[auth.hook.send_email]\nenabled = true\nuri = "pg-functions://postgres/public/send_email"', (file) => {
      assert.deepEqual(unsupportedSettings(file), ['[auth.hook.send_email] enabled (Auth hooks other than send_email over HTTP)']);
    });
    withConfig('[auth.hook.send_email]\nenabled = true\nuri = "http://127.0.0.1:54321/functions/v1/send-email"\nsecrets = "v1,whsec_c2hvcnQ="', (file) => {
      assert.deepEqual(unsupportedSettings(file), []);
      assert.match(refusal(file)!, /^Invalid hook config: auth\.hook\.send_email\.secrets must be formatted as "v1,whsec_<base64_encoded_secret>"/);
    });
    withConfig(
      '[auth.hook.send_email]\nenabled = true\nuri = "http://example.com/hook"\nsecrets = "v1,whsec_Y2hpc21lcy1sb2NhbC1zZW5kLWVtYWlsLWhvb2stc2VjcmV0"',
      (file) => {
        assert.match(refusal(file)!, /only localhost, 127\.0\.0\.1, and ::1 are supported with http/);
      },
    );
  });

  test('anonymous sign-in switched on is refused; switched off is fine', () => {
    const base = readFileSync(join(supabaseDir, 'config.toml'), 'utf8');
    const dir = mkdtempSync(join(tmpdir(), 'config-refusal-'));
    try {
      const file = join(dir, 'config.toml');
      writeFileSync(file, base.replace('enable_anonymous_sign_ins = false', 'enable_anonymous_sign_ins = true'));
      assert.deepEqual(unsupportedSettings(file), ['[auth] enable_anonymous_sign_ins (anonymous sign-in)']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
