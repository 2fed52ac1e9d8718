-- Refused country logs count towards the country rate limit too, as refused chismes and
-- comments do since 20261127150300_update_write_rpcs_count_refusals.sql
-- (docs/decisions/0024-refused-writes-count.md): a country is a text others see, checked for
-- personal data and listed words, so a script could otherwise send refused logs without end.
-- Over the API log_country catches the refusal, counts it as one country log and answers
-- status 400 with PostgREST's error body; from SQL it raises as before. The edge function
-- log-country reads the same error object (supabase/functions/log-country/supabase-deps.ts).
-- It returns json: `true` / `false` on the wire as before. The write moves to
-- private.record_country_log (as in 20261124150000_update_write_rpcs_text_arguments.sql, with
-- the shared raw-size check first).

create or replace function private.record_country_log(p_country text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid;
begin
  perform private.require_user();
  -- Raw size first, in constant time, as the other writes do (20261127150100): the 10 MB
  -- country of pgTAP 212 is refused before a row is formed.
  perform private.assert_raw_text_sizes(null, null, p_country);
  insert into public.country_logs (country) values (p_country) returning id into v_id;
  return v_id is not null;
end;
$$;
comment on function private.record_country_log(text) is 'The write of log_country: logs a country for the caller (false for a repeat within 24 hours), raising the keys of every refusal.';
revoke execute on function private.record_country_log(text) from public, anon, authenticated, service_role;

drop function public.log_country(text);

-- Security definer: clients hold no table write privilege (20261127130100).
create function public.log_country(p_country text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_message text;
  v_detail text;
  v_hint text;
begin
  if not private.is_api_request() then
    return to_json(private.record_country_log(p_country));
  end if;
  begin
    return to_json(private.record_country_log(p_country));
  exception when sqlstate 'P0001' then
    get stacked diagnostics v_message = message_text, v_detail = pg_exception_detail, v_hint = pg_exception_hint;
  end;
  return private.answer_refused_write('country', v_message, v_detail, v_hint);
end;
$$;
comment on function public.log_country(text) is 'Logs a country for the caller (json true; false for a repeat within 24 hours); over the API a refusal is answered (400, the key) and counts towards the country rate limit.';
revoke execute on function public.log_country(text) from public, anon;
grant execute on function public.log_country(text) to authenticated, service_role;
