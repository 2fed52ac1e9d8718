-- Supabase platform bootstrap, part 4: the `storage` schema storage-api owns (local-stack/CONTRACT.md §6.5).
-- RLS is enabled with no policies: apps add them in their migrations. Owners and privileges as a
-- project created today has them (postgres/reference/catalogue.txt names each source): the schema
-- is supabase_admin's (supabase/postgres init-scripts/00000000000002-storage-schema.sql) and
-- storage-api creates its tables as supabase_storage_admin (supabase/storage migrations/tenant/).

create schema if not exists storage authorization supabase_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin with grant option;
-- 20250709135250_grant_storage_schema_to_postgres_with_grant_option.sql (demote-postgres's CREATE
-- was taken back by 20250421084701_revoke_admin_roles_from_postgres.sql).
grant usage on schema storage to postgres with grant option;
alter default privileges for role supabase_storage_admin in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

set role supabase_storage_admin;

create table storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD' check (type in ('STANDARD', 'ANALYTICS', 'VECTOR'))
);

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb,
  constraint objects_bucket_id_name_key unique (bucket_id, name)
);
create index objects_bucket_id_name_idx on storage.objects (bucket_id, name collate "C");

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end;
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end;
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare
  _filename text;
begin
  select storage.filename(name) into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end;
$$;

-- migrations/tenant/0046-buckets-objects-grants.sql
grant all on storage.buckets, storage.objects to service_role, authenticated, anon;

reset role;

-- migrations/tenant/0049-buckets-objects-grants-postgres.sql
grant all on storage.buckets, storage.objects to postgres with grant option;
