// Login pre-check: how an e-mail signs in (anon rpc). The database names only these three
// providers; the filter keeps the type honest without a cast.
import { oneOf } from '../../../lib/answer-shape';
import { rpc } from '../../../lib/rpc';

const signInMethods = ['email', 'google', 'facebook'] as const;
export type SignInMethod = (typeof signInMethods)[number];
const isSignInMethod = oneOf(...signInMethods);

export async function getSignInMethods(email: string): Promise<SignInMethod[]> {
  const methods = await rpc('get_sign_in_methods', { p_email: email.trim() });
  return (methods ?? []).filter(isSignInMethod);
}
