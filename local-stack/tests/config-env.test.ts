// SUPABASE_<TABLE>_<KEY> environment variables override supabase/config.toml, as the CLI's
// viper loader does (prefix SUPABASE, "." → "_"); the conformance runner starts the stack this
// way with each official suite's own password rules.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../shared/config.ts';

function withEnv(values: Record<string, string>, check: () => void): void {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  try {
    check();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

describe('config.toml overrides from the environment', () => {
  test('the project file as it is', () => {
    const config = loadConfig();
    assert.equal(config.minimumPasswordLength, 8);
    assert.equal(config.passwordRequiredCharacters.length, 3);
    assert.equal(config.emailMaxFrequencyMs, 60_000);
    assert.equal(config.securePasswordChange, true);
    assert.equal(config.requireCurrentPassword, true, 'supabase/auth-hosted.json');
    assert.equal(config.sendEmailHook?.uri, 'http://host.docker.internal:54321/functions/v1/send-email');
  });

  test('SUPABASE_AUTH_MINIMUM_PASSWORD_LENGTH, SUPABASE_AUTH_PASSWORD_REQUIREMENTS and a table key', () => {
    withEnv({ SUPABASE_AUTH_MINIMUM_PASSWORD_LENGTH: '6', SUPABASE_AUTH_PASSWORD_REQUIREMENTS: '', SUPABASE_AUTH_EMAIL_MAX_FREQUENCY: '1s' }, () => {
      const config = loadConfig();
      assert.equal(config.minimumPasswordLength, 6);
      assert.deepEqual(config.passwordRequiredCharacters, []);
      assert.equal(config.emailMaxFrequencyMs, 1000);
    });
  });
});
