-- Clients write by privilege, not by URL: anon and authenticated hold no INSERT, UPDATE,
-- DELETE, TRUNCATE, REFERENCES or TRIGGER on any table of an exposed schema (public,
-- graphql_public: supabase/config.toml [api] schemas). Every client write goes through a
-- write RPC, which runs as its owner (security definer, next migration), so no route to the
-- tables — an encoded REST path (`/rest/v1/%63hismes`), GraphQL where pg_graphql is on, a
-- future client — can write a row past the RPCs' parsers and checks.
--
-- Revoking a table privilege also revokes the column privileges granted for it (PostgreSQL
-- REVOKE), so the column-level INSERT/UPDATE grants the earlier migrations gave
-- (chismes.content, profiles.display_name, notifications.is_read, …) go too. SELECT stays:
-- RLS decides what each client reads. The service role keeps its grants (edge functions,
-- operator tools). pgTAP 200 fails when any role a client can become holds a write privilege
-- on a table of an exposed schema, or when such a table lacks RLS.

do $$
declare
  v_table record;
begin
  for v_table in
    select c.oid::regclass as name
    from pg_class c
    where c.relnamespace in ('public'::regnamespace, 'graphql_public'::regnamespace)
      and c.relkind in ('r', 'p', 'v', 'm', 'f')
  loop
    execute format(
      'revoke insert, update, delete, truncate, references, trigger on table %s from public, anon, authenticated',
      v_table.name
    );
  end loop;
end;
$$;
