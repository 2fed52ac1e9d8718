-- Moderation (spec §4 "Deleting reported content"), for the service role only: a reported
-- chisme goes with its comments, likes and reports; a comment with its replies and reports
-- (foreign keys cascade). Counters follow through the comment triggers.

create or replace function public.delete_reported_chisme(p_chisme_id uuid)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  delete from public.chismes where id = p_chisme_id;
  return found;
end;
$$;
comment on function public.delete_reported_chisme(uuid) is 'Service role: deletes a chisme with its comments, likes and reports; true when it existed.';
revoke execute on function public.delete_reported_chisme(uuid) from public, anon, authenticated;
grant execute on function public.delete_reported_chisme(uuid) to service_role;

create or replace function public.delete_reported_comment(p_comment_id uuid)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  delete from public.comments where id = p_comment_id;
  return found;
end;
$$;
comment on function public.delete_reported_comment(uuid) is 'Service role: deletes a comment with its replies and reports; true when it existed.';
revoke execute on function public.delete_reported_comment(uuid) from public, anon, authenticated;
grant execute on function public.delete_reported_comment(uuid) to service_role;
