// Tests of the official suites that the local stack deliberately does not pass, each with the
// reason. Matched against jest's full test name ("describe … test"); an entry with `failure`
// applies only to a failed test whose error matches it (the password entries: they fail only
// on a stack that already ran with the project's rules; the runner otherwise starts the stack
// with each suite's own rules).
// Keep local-stack/README.md's list in step with this one.
export interface OutOfScope {
  suite: string;
  test: RegExp;
  /** Only in this test file (its name); any file unless told. */
  file?: string;
  failure?: RegExp;
  reason: string;
  /** The `supabase init` setting that has the feature off by default ([table, key]); init-config.ts checks it. */
  initOff?: [string, string];
}

const imageTransformations =
  'image transformations are off: the stack runs no imgproxy, so the render route answers 404 Route not found, as storage-api without image transformation';
const passwordRules =
  "the project's config.toml password rules (8 characters, lower, upper and digit) refuse the suite's password, as GoTrue with this config does (the suite's own config asks for 6 characters and nothing else)";
const privateJoinAsAnon = `${passwordRules}; the sign-up of 'password123' fails, so the client joins the private channel as anon, which the suite's realtime.messages policy (authenticated only) refuses`;

export const outOfScope: OutOfScope[] = [
  {
    suite: 'storage-js',
    test: /will download an authenticated transformed file/,
    reason: imageTransformations,
    initOff: ['storage.image_transformation', 'enabled'],
  },
  { suite: 'storage-js', test: /will get a signed transformed image/, reason: imageTransformations, initOff: ['storage.image_transformation', 'enabled'] },
  {
    suite: 'storage-js',
    test: /download with transform and fetch parameters/,
    reason: imageTransformations,
    initOff: ['storage.image_transformation', 'enabled'],
  },

  {
    suite: 'auth-js',
    test: /WebAuthn MFA/,
    failure: /MFA enroll is disabled|Failed to enroll WebAuthn factor/,
    reason:
      'MFA enrolment with WebAuthn is off: enroll answers 422 mfa_webauthn_enroll_not_enabled and factors 404 mfa_factor_not_found, as GoTrue with it off',
    initOff: ['auth.mfa.web_authn', 'enroll_enabled'],
  },
  {
    suite: 'auth-js',
    test: /MFA/,
    failure: /MFA enroll is disabled|Failed to enroll WebAuthn factor/,
    reason:
      'MFA enrolment is off: enroll answers 422 mfa_totp_enroll_not_enabled / mfa_webauthn_enroll_not_enabled and factors 404 mfa_factor_not_found, as GoTrue with MFA enrollment off',
    initOff: ['auth.mfa.totp', 'enroll_enabled'],
  },
  {
    suite: 'auth-js',
    test: /^GoTrueAdminApi OAuth Admin /,
    failure: /./,
    reason: 'the OAuth 2.1 server is off: its admin routes answer 404 feature_disabled "OAuth server is disabled", as GoTrue with it off',
    initOff: ['auth.oauth_server', 'enabled'],
  },
  {
    suite: 'auth-js',
    test: /^signInAnonymously /,
    reason: 'anonymous sign-in is off (enable_anonymous_sign_ins = false): 422 anonymous_provider_disabled, as GoTrue',
    initOff: ['auth', 'enable_anonymous_sign_ins'],
  },
  {
    suite: 'auth-js',
    test: /getClaims verifies RS256 jwt/,
    reason: 'asymmetric signing keys are off: tokens are HS256 with the demo secret, so getClaims verifies through getUser, as on any HS256 project',
    initOff: ['auth', 'signing_keys_path'],
  },
  {
    suite: 'auth-js',
    test: /reauthenticate\(\) fails without session/,
    reason: "expects the answer for a user without e-mail or phone (the suite's anonymous user); anonymous sign-in is off",
    initOff: ['auth', 'enable_anonymous_sign_ins'],
  },
  { suite: 'auth-js', test: /fail to signUp\(\) with invalid password/, failure: /./, reason: passwordRules },
  {
    suite: 'auth-js',
    test: /./,
    failure: /AuthWeakPasswordError/,
    reason: `${passwordRules}; the suite's random (faker) passwords sometimes lack an upper-case letter or a digit`,
  },

  {
    // Only on the stack target (run.ts): on the relay stand-in's own Deno the same tests pass.
    suite: 'functions-js-stack',
    file: 'params.spec.ts',
    test: /^params reached to function (invoke mirror( with (client header|invoke header|body formData|body json|body arrayBuffer|body blob|url params))?|invoke with region overrides region in the client|starts client with default region, invoke reverts to any \(no x-region header\))$/,
    // The url differs (jest's diff of an ArrayBuffer body then throws its DataView TypeError).
    failure: /"url": "http:\/\/127\.0\.0\.1:\d+\/mirror|First argument to DataView constructor/,
    reason:
      "asserts the URL the deno-relay forwards to (its DENO_ORIGIN, http://localhost:8000/mirror); under `supabase start` the CLI's kong.yml functions-v1 route keeps no Host (Kong's preserve_host is off) and the edge runtime hands the request on as it came, so the function sees http://<edge-runtime>:8081/mirror, as behind the stack's gateway it sees http://127.0.0.1:<its port>/mirror",
  },
  {
    suite: 'supabase-js',
    test: /is able to connect and broadcast|socket stays connected when switching channels|socket disconnects after (removeChannel|channel\.unsubscribe)|httpSend delivers (JSON|a binary) broadcast to a private channel/,
    failure: /./,
    reason: privateJoinAsAnon,
  },
];
