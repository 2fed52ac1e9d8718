// The VAPID key pair (RFC 8292) that signs every push: the VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY
// and VAPID_SUBJECT secrets (`supabase secrets set`, docs/deploy.md "Web Push"). Where the
// project is a local stack (SUPABASE_URL on this machine, or the Docker CLI's kong) and none
// is set, the well-known local demo pair below is used, as the demo JWT secret is there; a
// hosted project without the secrets refuses to send rather than sign with a public key.

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** LOCAL DEMO KEYS, public in this repository like the demo JWT secret: never for a real project. */
export const LOCAL_DEMO_VAPID: Vapid = {
  publicKey: 'BAl6pjbVGYwIniWKY3xiAnmnQwuzD4rESVtXRuvnuTsQEZzEme3Ur1Dcun4wvBIEL74QtZpU0A6armEnVXrCReA',
  privateKey: 'eNYfhJ2Y076DRecSETi-Pp16FUYoI1fXUs2fKa136xc',
  subject: 'mailto:demo@chismes.test',
};

const localHosts = new Set(['127.0.0.1', 'localhost', '[::1]', 'kong', 'host.docker.internal']);

/** The project's VAPID keys, or null when they are not set outside a local stack. */
export function vapidFromEnv(env: (name: string) => string | undefined): Vapid | null {
  const publicKey = env('VAPID_PUBLIC_KEY');
  const privateKey = env('VAPID_PRIVATE_KEY');
  if (publicKey && privateKey) return { publicKey, privateKey, subject: env('VAPID_SUBJECT') || LOCAL_DEMO_VAPID.subject };
  let host = '';
  try {
    host = new URL(env('SUPABASE_URL') ?? '').hostname;
  } catch {
    return null;
  }
  return localHosts.has(host) ? LOCAL_DEMO_VAPID : null;
}
