-- Supabase platform bootstrap, part 12: what the image grants `postgres` (not a superuser) beyond
-- the schemas' own files. Applied as supabase_admin after the platform objects exist. Sources
-- (supabase/postgres migrations/db/migrations/): 10000000000000_demote-postgres.sql,
-- 20251105172723_grant_pg_reload_conf_to_postgres.sql; what supautils adds is
-- 13-supautils-stand-in.sql.

-- demote-postgres: the database and the `extensions` schema's objects.
grant all on database postgres to postgres;
grant all on all tables in schema extensions to postgres;
grant all on all sequences in schema extensions to postgres;
grant all on all routines in schema extensions to postgres;

grant execute on function pg_catalog.pg_reload_conf() to postgres;

-- Apps add their tables to Realtime's publication in migrations; under supautils a publication
-- made by supabase_admin for the privileged role is owned by it.
alter publication supabase_realtime owner to postgres;
