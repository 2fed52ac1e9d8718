-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Appeals are complaints (74-statements.sql; docs/decisions/0036-statements-and-complaints.md):
-- the author of a hidden chisme sees it in their profile as "Oculto por denuncias", with the
-- statement of reasons of its hiding, and complains about that statement with
-- file_complaint('statement', …). Moderators see the complaint with the others (get_complaints).

-- Security definer: reads chisme_authors and the complaints for the caller's own rows only.
create or replace function public.get_my_hidden_chismes()
returns table (chisme_id uuid, appealed boolean, statement_id uuid)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := private.require_user();
begin
  return query
    select c.id,
      exists (select 1 from private.complaints p where p.statement_id = s.id),
      s.id
    from public.chisme_authors a
    join public.chismes c on c.id = a.chisme_id
    left join lateral (
      select st.id from public.moderation_statements st
      where st.chisme_id = c.id and st.target_kind = 'chisme' and st.decision = 'hidden' and st.reversed_at is null
      order by st.created_at desc limit 1
    ) s on true
    where a.user_id = v_user_id and c.hidden_at is not null
    order by c.created_at desc;
end;
$$;
revoke all on function public.get_my_hidden_chismes() from public, anon, authenticated, service_role;
grant execute on function public.get_my_hidden_chismes() to service_role;
grant execute on function public.get_my_hidden_chismes() to authenticated;
comment on function public.get_my_hidden_chismes() is 'The caller''s hidden chismes ("Oculto por denuncias"), the statement of reasons of each hiding, and whether it was complained about.';
