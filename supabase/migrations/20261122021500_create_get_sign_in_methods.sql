-- Login pre-check (spec §7, §8): which sign-in methods an e-mail has, so the UI can say
-- "Este correo está registrado con Google". Callable without signing in.

-- Security definer, deliberately: auth.identities is not readable by API roles. It returns
-- only provider names for an exact e-mail, which is what the spec's pre-check discloses.
create or replace function public.get_sign_in_methods(p_email text)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct i.provider order by i.provider), '{}'::text[])
  from auth.identities i
  where i.email = lower(btrim(p_email))
    and i.provider in ('email', 'google', 'facebook');
$$;
comment on function public.get_sign_in_methods(text) is 'The sign-in methods (email, google, facebook) of an e-mail; empty when unknown.';
revoke execute on function public.get_sign_in_methods(text) from public;
grant execute on function public.get_sign_in_methods(text) to anon, authenticated, service_role;
