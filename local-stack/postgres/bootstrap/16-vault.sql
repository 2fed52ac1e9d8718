-- Supabase platform bootstrap, part 16: Vault, which every project has, with the privileges
-- supabase/postgres migrations/db/migrations/20221207154255_create_vault.sql gives postgres. The
-- extension is the stack's stand-in (postgres/extensions/supabase_vault--0.3.1.sql), installed
-- into PostgreSQL's extension folder by postgres/cluster.ts.
create extension if not exists supabase_vault;
grant usage on schema vault to postgres with grant option;
grant select, delete on vault.secrets, vault.decrypted_secrets to postgres with grant option;
grant execute on function vault.create_secret, vault.update_secret, vault._crypto_aead_det_decrypt to postgres with grant option;
