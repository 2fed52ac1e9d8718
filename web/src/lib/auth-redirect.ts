// What an Auth e-mail link brought in the URL when the app started: GoTrue's /verify redirects
// to the app with the session in the fragment (the implicit flow, supabase-js's default, which
// lib/supabase.ts keeps) and `type=signup|recovery|…`, or with `error_code` when the link has
// expired or was used. supabase-js reads the session and clears the fragment, so the type and
// the error are taken here, once, before it starts (lib/auth.tsx imports this module;
// docs/decisions/0026-account-emails.md). `path` is where the link landed: each kind of link
// lands on its own screen, so a spent link's error still says which kind it was.
export type AuthRedirect = { type: string | null; errorCode: string | null; path: string };

export function parseAuthRedirect(hash: string, path: string): AuthRedirect {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return {
    type: params.has('access_token') ? params.get('type') : null,
    errorCode: params.get('error_code') ?? (params.has('error_description') ? 'unknown' : null),
    path,
  };
}

let atStart: AuthRedirect =
  typeof window === 'undefined' ? { type: null, errorCode: null, path: '/' } : parseAuthRedirect(window.location.hash, window.location.pathname);

/** The link the app was opened with (a recovery, a confirmation, an expired one), if any. */
export function authRedirectAtStart(): AuthRedirect {
  return atStart;
}

/** After the link has done its job (the new password saved), so it is not acted on again. */
export function forgetAuthRedirect(): void {
  atStart = { ...atStart, type: null, errorCode: null };
}

/** Once someone signs in, an expired link's notice is over (a later sign-out must not show it). */
export function forgetAuthLinkError(): void {
  atStart = { ...atStart, errorCode: null };
}
