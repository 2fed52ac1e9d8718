// `npm run deploy:secrets`: the secrets a project makes once, printed as lines for
// supabase/.env.production (docs/deploy.md "Secrets"): the Send Email hook's secret, which Auth
// signs with and send-email checks, and the VAPID key pair push-send signs with. Offline; nothing
// is stored or sent. Changing the VAPID pair later makes every browser subscribe again.
import { newHookSecret, newVapidKeys } from './deploy/generated-secrets.ts';

const vapid = newVapidKeys();
console.log(
  [
    '# New secrets for this project: copy these lines into supabase/.env.production (never commit them).',
    `CHISMES_SEND_EMAIL_HOOK_SECRETS=${newHookSecret()}`,
    `CHISMES_VAPID_PUBLIC_KEY=${vapid.publicKey}`,
    `CHISMES_VAPID_PRIVATE_KEY=${vapid.privateKey}`,
  ].join('\n'),
);
