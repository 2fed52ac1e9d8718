-- The pre-request hook stays, as a courtesy, not as the guard: clients hold no write
-- privilege on any table (20261127130000), so any route to a table write — whatever its
-- encoding — is refused by PostgreSQL itself (42501: PostgREST answers 401 to anon, 403 to a
-- signed-in user) and stores nothing. The hook only turns the common case into the stable key
-- `rest_write_not_allowed` before PostgREST reads the body.
--
-- It compared the raw path with table names, while PostgREST percent-decodes the path: now a
-- write whose first path segment carries any percent-encoding (`/%63hismes`) is refused with
-- the same key, as is any letter case of an app table's name. Reads, RPCs (`/rpc/…`, literal)
-- and the service role pass as before.

create or replace function private.check_request()
returns void
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_segment text;
begin
  if current_user in ('anon', 'authenticated')
     and current_setting('request.method', true) in ('POST', 'PATCH', 'PUT', 'DELETE') then
    v_segment := split_part(regexp_replace(coalesce(current_setting('request.path', true), ''), '^(/rest/v1)?/+', ''), '/', 1);
    if strpos(v_segment, '%') > 0
       or lower(v_segment) = any (array['chismes', 'comments', 'likes', 'reports', 'notifications', 'profiles', 'country_logs',
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
  end if;
end;
$$;
comment on function private.check_request() is 'PostgREST db-pre-request: refuses anon/authenticated REST writes to the app''s tables, any percent-encoded table segment included (rest_write_not_allowed, 403). The table privileges are the guard; this gives the key.';
