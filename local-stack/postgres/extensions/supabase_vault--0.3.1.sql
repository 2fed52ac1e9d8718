-- Stand-in for supabase/vault 0.3.1 on the local stack (local-stack/README.md "What still
-- differs"). The interface is Vault's: vault.secrets (the secret stored encrypted and base64),
-- the vault.decrypted_secrets view, vault.create_secret and vault.update_secret with the same
-- arguments, and the three _crypto_aead_det_* functions with theirs. Vault encrypts with
-- libsodium under a key the server reads from a file; here the key is made when the extension
-- is created and kept in a table only the extension's owner can read, and the cipher is
-- pgcrypto's AES-CBC under a key derived from it per context, authenticated with an HMAC over
-- the additional data, the nonce and the ciphertext. Written for the stack, not taken from Vault.

\echo Use "CREATE EXTENSION supabase_vault" to load this file. \quit

create table vault._local_stack_root_key (key bytea not null);
insert into vault._local_stack_root_key (key) values (extensions.gen_random_bytes(32));
revoke all on vault._local_stack_root_key from public;

create function vault._local_stack_key(key_id bigint, context bytea) returns bytea
language sql stable security definer set search_path = '' as $$
  select extensions.hmac(context || convert_to(key_id::text, 'UTF8'), k.key, 'sha256') from vault._local_stack_root_key k
$$;
revoke all on function vault._local_stack_key(bigint, bytea) from public;

create function vault._crypto_aead_det_noncegen() returns bytea
language sql volatile as $$ select extensions.gen_random_bytes(16) $$;

create function vault._crypto_aead_det_encrypt(message bytea, additional bytea, key_id bigint, context bytea = 'pgsodium', nonce bytea = null)
returns bytea
language plpgsql immutable security definer set search_path = '' as $$
declare
  v_key bytea := vault._local_stack_key(key_id, context);
  v_nonce bytea := coalesce(nonce, extensions.hmac(additional || message, v_key, 'sha256'));
  v_iv bytea := substring(v_nonce from 1 for 16);
  v_cipher bytea := extensions.encrypt_iv(message, v_key, v_iv, 'aes-cbc/pad:pkcs');
begin
  return v_iv || v_cipher || extensions.hmac(additional || v_iv || v_cipher, v_key, 'sha256');
end;
$$;

create function vault._crypto_aead_det_decrypt(message bytea, additional bytea, key_id bigint, context bytea = 'pgsodium', nonce bytea = null)
returns bytea
language plpgsql immutable security definer set search_path = '' as $$
declare
  v_key bytea := vault._local_stack_key(key_id, context);
  v_length int := octet_length(message);
  v_iv bytea := substring(message from 1 for 16);
  v_cipher bytea := substring(message from 17 for v_length - 48);
begin
  if v_length < 64 or substring(message from v_length - 31) <> extensions.hmac(additional || v_iv || v_cipher, v_key, 'sha256') then
    raise exception 'invalid ciphertext';
  end if;
  return extensions.decrypt_iv(v_cipher, v_key, v_iv, 'aes-cbc/pad:pkcs');
end;
$$;

create table vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea default vault._crypto_aead_det_noncegen(),
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
comment on table vault.secrets is 'Table with encrypted `secret` column for storing sensitive information on disk.';
create unique index on vault.secrets using btree (name) where name is not null;

create view vault.decrypted_secrets as
select s.id, s.name, s.description, s.secret,
  convert_from(vault._crypto_aead_det_decrypt(decode(s.secret, 'base64'), convert_to(s.id::text, 'UTF8'), 0, 'pgsodium', s.nonce), 'UTF8') as decrypted_secret,
  s.key_id, s.nonce, s.created_at, s.updated_at
from vault.secrets s;

create function vault.create_secret(new_secret text, new_name text = null, new_description text = '', new_key_id uuid = null)
returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := gen_random_uuid();
  v_nonce bytea := vault._crypto_aead_det_noncegen();
begin
  insert into vault.secrets (id, secret, name, description, nonce)
  values (v_id,
    encode(vault._crypto_aead_det_encrypt(convert_to(new_secret, 'UTF8'), convert_to(v_id::text, 'UTF8'), 0, 'pgsodium', v_nonce), 'base64'),
    new_name, coalesce(new_description, ''), v_nonce);
  return v_id;
end;
$$;

create function vault.update_secret(secret_id uuid, new_secret text = null, new_name text = null, new_description text = null, new_key_id uuid = null)
returns void
language plpgsql security definer set search_path = '' as $$
begin
  update vault.secrets s set
    secret = case when new_secret is null then s.secret
      else encode(vault._crypto_aead_det_encrypt(convert_to(new_secret, 'UTF8'), convert_to(s.id::text, 'UTF8'), 0, 'pgsodium', s.nonce), 'base64') end,
    name = coalesce(new_name, s.name),
    description = coalesce(new_description, s.description),
    updated_at = now()
  where s.id = secret_id;
end;
$$;

revoke all on function vault._crypto_aead_det_encrypt(bytea, bytea, bigint, bytea, bytea), vault._crypto_aead_det_decrypt(bytea, bytea, bigint, bytea, bytea),
  vault._crypto_aead_det_noncegen(), vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid) from public;

select pg_catalog.pg_extension_config_dump('vault.secrets', '');
