-- Stand-in for supabase/pg_net 0.20.4 on the local stack (local-stack/README.md "What still
-- differs"). The interface is pg_net's: the `net` schema, its request queue and response tables
-- with their columns, net.http_get/http_post/http_delete with the same arguments, defaults and
-- result (a request id), the response types and net._http_collect_response. pg_net's C
-- background worker is replaced by the stack's daemon (local-stack/postgres/pg-net-worker.ts),
-- a client connection named 'pg_net worker' that LISTENs for net.wake(), sends what is queued
-- and stores each answer in net._http_response. Written for the stack, not taken from pg_net.

\echo Use "CREATE EXTENSION pg_net" to load this file. \quit

create schema net;

create domain net.http_method as text check (lower(value) in ('get', 'post', 'delete'));

-- Requests waiting for the worker; it deletes what it takes.
create unlogged table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);

-- One row per finished request; kept for pg_net.ttl (6 hours by default).
create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);
create index on net._http_response (created);

create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
create type net.http_response as (status_code integer, headers jsonb, body text);
create type net.http_response_result as (status net.request_status, message text, response net.http_response);

-- RFC 3986 percent-encoding of everything but the unreserved characters.
create function net._urlencode_string(string varchar) returns text
language sql immutable strict as $$
  select coalesce(string_agg(
    case when b between 48 and 57 or b between 65 and 90 or b between 97 and 122 or b in (45, 46, 95, 126)
      then chr(b) else '%' || upper(lpad(to_hex(b), 2, '0')) end, '' order by i), '')
  from (select get_byte(convert_to(string, 'UTF8'), i - 1) as b, i
        from generate_series(1, octet_length(convert_to(string, 'UTF8'))) i) bytes
$$;

create function net._encode_url_with_params_array(url text, params_array text[]) returns text
language sql immutable as $$
  select case when coalesce(cardinality(params_array), 0) = 0 then url
    else url || case when position('?' in url) > 0 then '&' else '?' end || array_to_string(params_array, '&') end
$$;

create function net._params_array(params jsonb) returns text[]
language sql immutable as $$
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  from jsonb_each_text(coalesce(params, '{}'::jsonb))
$$;

-- Wakes the worker up (it also looks every second).
create function net.wake() returns void
language sql as $$ select pg_notify('pg_net_local_stack', '') $$;

create function net.check_worker_is_up() returns void
language plpgsql as $$
begin
  if not exists (select 1 from pg_stat_activity where application_name = 'pg_net worker') then
    raise exception using
      message = 'the pg_net background worker is not up',
      detail = 'the local stack''s daemon sends pg_net''s requests and is not connected',
      hint = 'start the local stack (npm run stack:start)';
  end if;
end;
$$;

create function net.worker_restart() returns bool
language plpgsql as $$
begin
  perform pg_notify('pg_net_local_stack', 'restart');
  return true;
end;
$$;

create function net.wait_until_running() returns void
language plpgsql as $$
begin
  for i in 1..100 loop
    if exists (select 1 from pg_stat_activity where application_name = 'pg_net worker') then
      return;
    end if;
    perform pg_sleep(0.05);
  end loop;
  perform net.check_worker_is_up();
end;
$$;

create function net._enqueue(method text, url text, headers jsonb, body bytea, timeout_milliseconds int) returns bigint
language plpgsql as $$
declare
  v_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (method, url, headers, body, timeout_milliseconds)
  returning id into v_id;
  perform net.wake();
  return v_id;
end;
$$;

create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint
language sql as $$
  select net._enqueue('GET', net._encode_url_with_params_array(url, net._params_array(params)), headers, null, timeout_milliseconds)
$$;

create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint
language plpgsql as $$
declare
  v_content_type text := (select value from jsonb_each_text(coalesce(headers, '{}'::jsonb)) where lower(key) = 'content-type' limit 1);
begin
  -- pg_net posts JSON only: a missing Content-Type is added, another one refused.
  if v_content_type is null then
    headers := coalesce(headers, '{}'::jsonb) || '{"Content-Type": "application/json"}'::jsonb;
  elsif v_content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  return net._enqueue('POST', net._encode_url_with_params_array(url, net._params_array(params)), headers,
    convert_to(body::text, 'UTF8'), timeout_milliseconds);
end;
$$;

create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000,
  body jsonb default null
) returns bigint
language sql as $$
  select net._enqueue('DELETE', net._encode_url_with_params_array(url, net._params_array(params)), headers,
    convert_to(body::text, 'UTF8'), timeout_milliseconds)
$$;

create function net._await_response(request_id bigint) returns bool
language plpgsql as $$
begin
  while not exists (select 1 from net._http_response r where r.id = request_id) loop
    perform pg_sleep(0.05);
  end loop;
  return true;
end;
$$;

create function net._http_collect_response(request_id bigint, async bool default true) returns net.http_response_result
language plpgsql as $$
declare
  rec net._http_response;
begin
  if not async then
    perform net._await_response(request_id);
  end if;
  select * into rec from net._http_response r where r.id = request_id;
  if rec is null or rec.error_msg is not null then
    return ('ERROR', coalesce(rec.error_msg, 'request matching request_id not found'), null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end;
$$;

create function net.http_collect_response(request_id bigint, async bool default true) returns net.http_response_result
language plpgsql as $$
begin
  raise notice 'The net.http_collect_response function is deprecated.';
  return net._http_collect_response(request_id, async);
end;
$$;

grant usage on schema net to public;
grant all on all sequences in schema net to public;
grant all on all tables in schema net to public;
