-- Revoke-by-default for the private schema: PostgreSQL lets PUBLIC execute every new function,
-- and per-schema default privileges can only add grants, not remove that one. So this revokes
-- execute on every private function from every API role, then grants back the few pure
-- helpers that security invoker RPCs and triggers call as the caller. Trigger functions need
-- no grant to fire. A later migration that adds a private function must do the same; the
-- schema test (001) fails otherwise.

revoke execute on all functions in schema private from public, anon, authenticated, service_role;

grant execute on function private.require_user() to anon, authenticated, service_role;
grant execute on function private.snippet(text) to anon, authenticated, service_role;
grant execute on function private.strip_markup(text) to anon, authenticated, service_role;
grant execute on function private.normalize_tags(text[]) to anon, authenticated, service_role;
grant execute on function private.to_feed_chisme(public.chismes, boolean, boolean) to authenticated, service_role;
grant execute on function private.feed_chisme_for_caller(public.chismes) to authenticated, service_role;
grant execute on function private.to_thread_comment(public.comments, boolean) to authenticated, service_role;
