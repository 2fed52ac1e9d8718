-- Refuses API clients' REST writes to tables with a stable key, before PostgREST parses the
-- body: `POST/PATCH/PUT/DELETE /rest/v1/<table>` from anon or authenticated answers 403
-- {"code": "rest_write_not_allowed", "message": "rest_write_not_allowed"}.
--
-- Why: PostgREST converts a table write's JSON body to the column types before any trigger
-- runs, so `{"chisme_id": "x"}` or `{"years": 1e20}` reached clients as a raw 22P02 / 22003,
-- and no rule of ours could turn it into a key. Every client write now has an RPC with text
-- parameters and key-raising parsers (previous migration, docs/api.md), so the table routes
-- are not needed by any client.
--
-- Why a pre-request check and not revoking the table grants: the write RPCs are security
-- invoker on purpose — the rule triggers, the rate limits and RLS recognise a client's write by
-- its role (`authenticated`), so the RPCs write with the caller's own column grants and RLS
-- policies. Those grants and policies stay as they are (RLS keeps holding for every write);
-- the guard only closes the route that bypassed the parsers. The service role (edge
-- functions, operator tools) and RPC calls (`/rpc/…`) pass.
--
-- Which routes: the application's tables, named below (every table of the app in `public`;
-- pgTAP 176 fails when a new public table is not in the list). Other tables keep PostgREST's
-- own answers, so the local stack's generic REST contract tests can still write to their
-- scratch tables.
--
-- PostgREST runs `db-pre-request` in every request's transaction after switching to the
-- request's role; the setting lives on the authenticator role (in-database configuration,
-- as Supabase documents for pre-request functions) and is reloaded by the notify below.

create or replace function private.check_request()
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
     and current_setting('request.method', true) in ('POST', 'PATCH', 'PUT', 'DELETE')
     and split_part(regexp_replace(coalesce(current_setting('request.path', true), ''), '^(/rest/v1)?/', ''), '/', 1)
         = any (array['chismes', 'comments', 'likes', 'reports', 'notifications', 'profiles', 'country_logs',
                      'chisme_authors', 'comment_authors', 'offensive_words', 'moderation_audit']) then
    -- SQLSTATE PGRST: PostgREST answers with this status and body as they are.
    raise sqlstate 'PGRST' using
      message = jsonb_build_object(
        'code', 'rest_write_not_allowed',
        'message', 'rest_write_not_allowed',
        'details', jsonb_build_object('hint', 'Writes go through the RPCs of docs/api.md')::text
      )::text,
      detail = jsonb_build_object('status', 403, 'headers', jsonb_build_object())::text;
  end if;
end;
$$;
comment on function private.check_request() is 'PostgREST db-pre-request: refuses anon/authenticated REST writes to the app''s tables (rest_write_not_allowed, 403); RPCs, reads and the service role pass.';

-- Called by PostgREST as the request's role.
revoke execute on function private.check_request() from public;
grant execute on function private.check_request() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request to 'private.check_request';
notify pgrst, 'reload config';
