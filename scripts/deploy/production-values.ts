// Every value [remotes.production] and the function secrets ask for, as an operator's
// supabase/.env.production would hold them after `npm run deploy:secrets`: for the tests of the
// dry run and of the steps that talk to the Management API. Made here, never the committed demo
// values (which the deploy refuses).
import { newVapidKeys } from './generated-secrets.ts';

const vapid = newVapidKeys();

export const productionValues = {
  CHISMES_SITE_URL: 'https://chismes.example.com',
  CHISMES_GOOGLE_CLIENT_ID: '1234-abcd.apps.googleusercontent.com',
  CHISMES_GOOGLE_SECRET: 'google-secret-value',
  CHISMES_FACEBOOK_CLIENT_ID: '987654321',
  CHISMES_FACEBOOK_SECRET: 'facebook-secret-value',
  CHISMES_SMTP_HOST: 'smtp.example.net',
  CHISMES_SMTP_USER: 'smtp-user',
  CHISMES_SMTP_PASS: 'smtp-password-value',
  CHISMES_SMTP_ADMIN_EMAIL: 'no-reply@chismes.example.com',
  CHISMES_SEND_EMAIL_HOOK_SECRETS: `v1,whsec_${Buffer.from('the production hook secret, 32 bytes+').toString('base64')}`,
  CHISMES_VAPID_PUBLIC_KEY: vapid.publicKey,
  CHISMES_VAPID_PRIVATE_KEY: vapid.privateKey,
  CHISMES_VAPID_SUBJECT: 'mailto:ops@chismes.example.com',
};

/** The values that must never appear in what a deploy prints. */
export const secretProductionValues = [
  productionValues.CHISMES_GOOGLE_SECRET,
  productionValues.CHISMES_FACEBOOK_SECRET,
  productionValues.CHISMES_SMTP_PASS,
  productionValues.CHISMES_SEND_EMAIL_HOOK_SECRETS,
  productionValues.CHISMES_VAPID_PRIVATE_KEY,
];
