-- A repeat like or report is refused by the triggers with its own key. Two identical requests
-- at the same moment (a double click) both pass that check, and the second then hits the
-- primary key or unique constraint as a bare 23505. The RPCs now answer that race with the same
-- key, so the UI treats it like any repeat ("already reported" counts as success).

create or replace function public.like_chisme(p_chisme_id uuid)
returns int
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_likes int;
begin
  perform private.require_user();
  begin
    insert into public.likes (chisme_id) values (p_chisme_id);
  exception when unique_violation then
    raise exception 'like_already_exists' using errcode = 'P0001';
  end;
  select c.likes into v_likes from public.chismes c where c.id = p_chisme_id;
  return v_likes;
end;
$$;

create or replace function public.report_chisme(p_chisme_id uuid, p_reason text default 'Sin especificar')
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.require_user();
  insert into public.reports (chisme_id, reason) values (p_chisme_id, p_reason);
exception when unique_violation then
  raise exception 'report_already_exists' using errcode = 'P0001';
end;
$$;

create or replace function public.report_comment(p_comment_id uuid, p_reason text default 'Sin especificar')
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.require_user();
  insert into public.reports (comment_id, reason) values (p_comment_id, p_reason);
exception when unique_violation then
  raise exception 'report_already_exists' using errcode = 'P0001';
end;
$$;
