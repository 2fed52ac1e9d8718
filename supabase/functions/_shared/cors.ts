// Browsers call the functions from the web app's origin with a preflight first. Neither the
// Supabase edge runtime nor our local gateway answers it for a function (local-stack contract
// §4: OPTIONS is never JWT-checked and is passed through), so every function answers it here.

/** The headers supabase-js sends to `functions/v1/*` (contract §4), plus `x-region`. */
const allowedRequestHeaders = 'authorization, apikey, x-client-info, content-type, x-region';

export const corsHeaders: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': allowedRequestHeaders,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

export function isPreflight(request: Request): boolean {
  return request.method === 'OPTIONS';
}

export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}
