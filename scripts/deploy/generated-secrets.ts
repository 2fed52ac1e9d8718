// The two secrets an operator makes once per project (`npm run deploy:secrets`), and the checks a
// deploy makes on them: the Send Email hook's secret (Standard Webhooks, the form the Supabase CLI
// accepts for auth.hook.*.secrets) and the VAPID key pair Web Push signs with (RFC 8292: P-256,
// the public key uncompressed, both base64url). The pairs committed in this repository are
// local demo values, public like the demo JWT secret: a project never gets them.
import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The CLI's check of a hook secret (apps/cli-go/pkg/config/config.go, hookSecretPattern). */
const hookSecretPattern = /^v1,whsec_[A-Za-z0-9+/=]{32,88}$/;

export const newHookSecret = () => `v1,whsec_${randomBytes(32).toString('base64')}`;

export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  // A key with leading zero bytes comes shorter; the scalar is always 32 bytes on the wire.
  const padded = Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: padded.toString('base64url') };
}

/** The local demo pair of supabase/functions/push-send/vapid.ts (LOCAL_DEMO_VAPID). */
export function localDemoVapid(root: string): { publicKey: string; privateKey: string } {
  const source = readFileSync(join(root, 'supabase', 'functions', 'push-send', 'vapid.ts'), 'utf8');
  const demo = /LOCAL_DEMO_VAPID[^{]*\{([^}]*)\}/.exec(source)?.[1] ?? '';
  const key = (name: string) => new RegExp(`${name}:\\s*'([^']+)'`).exec(demo)?.[1] ?? '';
  return { publicKey: key('publicKey'), privateKey: key('privateKey') };
}

/** What is wrong with the hook's secret(s) (several separated by `|`, as Auth takes them), or undefined. */
export function hookSecretProblem(value: string, localDemo: string | undefined): string | undefined {
  const parts = value.split('|');
  if (parts.some((part) => !hookSecretPattern.test(part)))
    return 'CHISMES_SEND_EMAIL_HOOK_SECRETS must be "v1,whsec_<base64>" (32–88 characters after whsec_; make one with `npm run deploy:secrets`)';
  if (localDemo !== undefined && parts.includes(localDemo))
    return 'CHISMES_SEND_EMAIL_HOOK_SECRETS is the local demo secret of supabase/config.toml [auth.hook.send_email]: make the project its own with `npm run deploy:secrets`';
  return undefined;
}

/** What is wrong with the VAPID keys and subject, or undefined. */
export function vapidProblem(
  keys: { publicKey: string; privateKey: string; subject: string },
  demo: { publicKey: string; privateKey: string },
): string | undefined {
  const make = 'make the project its own pair with `npm run deploy:secrets`';
  if (keys.publicKey === demo.publicKey || keys.privateKey === demo.privateKey)
    return `CHISMES_VAPID_PUBLIC_KEY/CHISMES_VAPID_PRIVATE_KEY are the local demo pair of supabase/functions/push-send/vapid.ts, public to anyone: ${make}`;
  const privateKey = Buffer.from(keys.privateKey, 'base64url');
  let derived: string | undefined;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    derived = ecdh.getPublicKey().toString('base64url');
  } catch {
    derived = undefined;
  }
  if (privateKey.length !== 32 || derived === undefined) return `CHISMES_VAPID_PRIVATE_KEY is not a P-256 private key (32 bytes, base64url): ${make}`;
  if (derived !== keys.publicKey.replace(/=+$/, '')) return `CHISMES_VAPID_PUBLIC_KEY is not the public half of CHISMES_VAPID_PRIVATE_KEY: ${make}`;
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(keys.subject))
    return `CHISMES_VAPID_SUBJECT must be a mailto: or https: address that reaches you (RFC 8292; push services write there about problems), not ${JSON.stringify(keys.subject)}`;
  return undefined;
}
