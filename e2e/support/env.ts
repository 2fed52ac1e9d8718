// Where the suite finds the pieces it starts: the production build served on 4173 (allowed as
// an auth redirect in supabase/config.toml), the local stack's API and its PostgreSQL.
export { API_URL, ANON_KEY, DB_URL, SERVICE_ROLE_KEY } from '../../local-stack/keys.ts';

export const WEB_PORT = 4173;
export const WEB_URL = `http://127.0.0.1:${WEB_PORT}`;
