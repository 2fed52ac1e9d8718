// Browsers call the functions from the web app's origin with a preflight first. Neither the
// Supabase edge runtime nor our local gateway answers it for a function (local-stack/CONTRACT.md
// §4: OPTIONS is never JWT-checked and is passed through), so every function answers it here.
// The allowed request headers are supabase-js's own list, from the pinned version, so they
// stay in step with what the client sends.
import { corsHeaders as supabaseCorsHeaders } from '@supabase/supabase-js/cors';

export const corsHeaders: Readonly<Record<string, string>> = {
  ...supabaseCorsHeaders,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

export function isPreflight(request: Request): boolean {
  return request.method === 'OPTIONS';
}

export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}
