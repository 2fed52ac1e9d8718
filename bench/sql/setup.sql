-- Bench scratch schema: helpers that generate chismes, likes and comments at scale straight
-- into the stack's tables. Every generated row has an id with a fixed prefix (bec4c4c4 users,
-- bec4c4c5 chismes, bec4c4c6 comments) so `cleanup.sql` removes exactly what the bench added.
-- The load runs with session_replication_role = replica: per-row triggers (rules, counters,
-- notifications, broadcasts) are not what the load measures, so counters are set directly.

drop schema if exists bench cascade;
create schema bench;

create function bench.user_id(i int) returns uuid
language sql immutable as $$
  select ('bec4c4c4-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid
$$;

create function bench.chisme_id(i int) returns uuid
language sql immutable as $$
  select ('bec4c4c5' || substr(md5(i::text), 9, 24))::uuid
$$;

create function bench.comment_id(i int, j int) returns uuid
language sql immutable as $$
  select ('bec4c4c6' || substr(md5(i::text || ':' || j::text), 9, 24))::uuid
$$;

-- How many bench users exist (likers, commenters, authors); likes per chisme stay below it.
create function bench.user_count() returns int language sql immutable as $$ select 50000 $$;

-- Weighted picks: r in [0, 1).
create function bench.pick_country(r float8) returns text
language sql immutable as $$
  select case
    when r < 0.35 then 'España' when r < 0.55 then 'México' when r < 0.67 then 'Argentina'
    when r < 0.77 then 'Colombia' when r < 0.83 then 'Chile' when r < 0.88 then 'Perú'
    when r < 0.92 then 'Venezuela' when r < 0.95 then 'Estados Unidos' else 'unknow' end
$$;

-- Zipf-like tag popularity: a few tags are everywhere, most are rare.
create function bench.pick_tag(r float8) returns text
language sql immutable as $$
  select (array['#amor','#trabajo','#familia','#vecinos','#fiesta','#ex','#oficina','#universidad',
    '#boda','#amigas','#jefe','#cuñado','#suegra','#viaje','#gym','#tinder','#instituto','#barrio',
    '#herencia','#navidad','#verano','#compis','#piso','#perro','#futbol','#cena','#secretos',
    '#whatsapp','#ruptura','#celos'])[1 + least(29, floor(30 * power(r, 2.2))::int)]
$$;

create function bench.sentence(k int) returns text
language sql immutable as $$
  select (array[
    'Mi vecina del tercero lleva semanas saliendo con el portero y nadie se ha dado cuenta.',
    'En la oficina todos saben que el jefe se va antes los viernes para ir al gimnasio.',
    'Mi cuñado dice que trabaja desde casa pero lo vi en la playa el martes.',
    'La boda de mi prima se canceló porque el novio apareció con otra en la foto.',
    'Alguien del grupo de amigas filtró el chat entero y ahora nadie se habla.',
    'Mi compañero de piso se come mis yogures y luego culpa al perro.',
    'En la universidad hay un profesor que aprueba a quien le trae café.',
    'La suegra de mi amiga revisa su móvil cuando va al baño.',
    'El del quinto organiza fiestas todos los jueves y nunca invita a nadie del edificio.',
    'Mi ex volvió a escribirme justo cuando empecé a salir con alguien nuevo.',
    'Dicen que la panadera del barrio ganó la lotería y sigue trabajando por aburrimiento.',
    'Mi jefa se equivocó de chat y mandó a todo el equipo una lista de la compra muy rara.'
  ])[1 + (k % 12)]
$$;

-- Per-chisme plan: mode, demographics, counts with long tails (Pareto), timestamp in 90 days.
create table bench.plan (
  i int primary key,
  cotilleo boolean not null,
  likes int not null,
  comments_total int not null,
  created_at timestamptz not null
);

-- Generates chismes i in [p_from, p_to] with their authors, likes and comments.
create function bench.load(p_from int, p_to int) returns void
language plpgsql as $$
declare
  v_users int := bench.user_count();
begin
  set local session_replication_role = replica;
  set local synchronous_commit = off;

  insert into bench.plan (i, cotilleo, likes, comments_total, created_at)
  select i,
    random() < 0.3,
    -- Pareto(alpha 1.5, xm 2.5) minus 2: most have 0–3 likes, mean about 5, a few thousands.
    least(greatest(floor(2.5 * power(1 - random(), -1 / 1.5))::int - 2, 0), v_users - 1),
    -- Pareto(alpha 2, xm 1.8) minus 1: mean about 2 comments, a few hundreds at most.
    least(greatest(floor(1.8 * power(1 - random(), -0.5))::int - 1, 0), 400),
    now() - random() * interval '90 days'
  from generate_series(p_from, p_to) i;

  insert into public.chismes (id, gender, years, country, tags, content, cotilleo, likes,
    comments, report, file_exist, created_at, updated_at)
  select bench.chisme_id(p.i),
    case when r.g < 0.46 then 'Mujer' when r.g < 0.9 then 'Hombre' else 'Prefiero no decirlo' end,
    case when p.cotilleo then 18 + floor(power(r.y, 2) * 82)::int else 13 + floor(power(r.y, 2) * 87)::int end,
    bench.pick_country(r.c),
    case when r.t < 0.35 then '{}'::text[]
      when r.t < 0.7 then array[bench.pick_tag(r.t1)]
      when r.t < 0.9 then array(select distinct x from unnest(array[bench.pick_tag(r.t1), bench.pick_tag(r.t2)]) x)
      else array(select distinct x from unnest(array[bench.pick_tag(r.t1), bench.pick_tag(r.t2), bench.pick_tag(r.t3)]) x) end,
    bench.sentence(p.i) || ' ' || bench.sentence(p.i / 7 + 3),
    p.cotilleo,
    p.likes,
    p.comments_total - p.comments_total / 3,
    0,
    false,
    p.created_at,
    p.created_at
  from bench.plan p
  cross join lateral (
    select random() + 0 * p.i as g, random() as y, random() as c, random() as t,
      random() as t1, random() as t2, random() as t3
  ) r
  where p.i between p_from and p_to;

  -- The trending table's triggers do not fire in replica mode: its rows are added here.
  insert into private.trending_chismes (id, cotilleo, country, gender, years, tags, likes, report, hidden_at, created_at)
  select c.id, c.cotilleo, c.country, c.gender, c.years, c.tags, c.likes, c.report, c.hidden_at, c.created_at
  from bench.plan p
  join public.chismes c on c.id = bench.chisme_id(p.i)
  where p.i between p_from and p_to and p.created_at > now() - interval '24 hours';

  insert into public.chisme_authors (chisme_id, user_id)
  select bench.chisme_id(p.i), bench.user_id(1 + p.i % v_users)
  from bench.plan p where p.i between p_from and p_to;

  -- Distinct likers per chisme: k * 104729 mod 50000 never repeats for k < 50000.
  insert into public.likes (chisme_id, user_id, created_at)
  select bench.chisme_id(p.i), bench.user_id(1 + ((p.i::bigint * 7919 + k::bigint * 104729) % v_users)::int),
    least(now(), p.created_at + k * interval '1 minute')
  from bench.plan p
  cross join lateral generate_series(1, p.likes) k
  where p.i between p_from and p_to and p.likes > 0;

  -- Comment 1 and every comment j not divisible by 3 is a root; the others reply to comment 1.
  insert into public.comments (id, chisme_id, parent_id, root_id, depth, gender, country, years,
    content, report, is_chisme_author, commenter_number, created_at, updated_at)
  select bench.comment_id(p.i, j), bench.chisme_id(p.i),
    case when j % 3 = 0 then bench.comment_id(p.i, 1) end,
    case when j % 3 = 0 then bench.comment_id(p.i, 1) else bench.comment_id(p.i, j) end,
    case when j % 3 = 0 then 2 else 1 end,
    case when j % 2 = 0 then 'Mujer' else 'Hombre' end,
    'España', 18 + j % 40,
    bench.sentence(p.i + j),
    0, false, j,
    least(now(), p.created_at + j * interval '3 minutes'),
    least(now(), p.created_at + j * interval '3 minutes')
  from bench.plan p
  cross join lateral generate_series(1, p.comments_total) j
  where p.i between p_from and p_to and p.comments_total > 0;

  insert into public.comment_authors (comment_id, user_id)
  select bench.comment_id(p.i, j), bench.user_id(1 + ((p.i * 31 + j * 7) % v_users))
  from bench.plan p
  cross join lateral generate_series(1, p.comments_total) j
  where p.i between p_from and p_to and p.comments_total > 0;
end;
$$;

-- The bench users (auth.users + profiles), created once.
create function bench.create_users() returns void
language plpgsql as $$
begin
  set local session_replication_role = replica;
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  select '00000000-0000-0000-0000-000000000000', bench.user_id(i), 'authenticated', 'authenticated',
    'bench-' || i || '@bench.invalid', '', now(), '{"provider":"email","providers":["email"]}',
    '{}', now(), now()
  from generate_series(1, bench.user_count() + 100) i
  on conflict do nothing;
  -- adults who confirmed it: the scale bench's cotilleo readers join the cotilleo heads
  insert into public.profiles (id, username, display_name, adult_confirmed_at)
  select bench.user_id(i), 'bench' || i, 'bench' || i, now()
  from generate_series(1, bench.user_count() + 100) i
  on conflict do nothing;
  -- The writers and subscribers write far faster than a person: their rate limits are
  -- multiplied, so the limit checks still run (and are part of what the write figures
  -- measure) without refusing. Removed with the bench users by cleanup.sql.
  insert into private.rate_limit_overrides (user_id, factor)
  select bench.user_id(i), 1000000
  from generate_series(bench.user_count() + 1, bench.user_count() + 100) i
  on conflict do nothing;
end;
$$;

-- Times `runs` calls of get_feed inside the database (no client round trip), in ms. Called as
-- `authenticated` with the claims of a bench user, as PostgREST would run it.
create function bench.time_feed(
  p_tab text, p_cotilleo boolean, p_gender text, p_country text, p_years_from int, p_years_to int,
  p_tags text[], p_cursor_created_at timestamptz, p_cursor_likes int, p_cursor_id uuid, p_runs int
) returns float8[]
language plpgsql as $$
declare
  v_times float8[] := '{}';
  v_start timestamptz;
begin
  for k in 1..p_runs loop
    v_start := clock_timestamp();
    -- get_feed takes text arguments (the tags as jsonb), as PostgREST hands them over
    perform count(*) from public.get_feed(p_tab, p_cotilleo::text, p_gender, p_country, p_years_from::text,
      p_years_to::text, to_jsonb(p_tags), p_cursor_created_at::text, p_cursor_likes::text, p_cursor_id::text, '20');
    v_times := v_times || extract(epoch from clock_timestamp() - v_start)::float8 * 1000;
  end loop;
  return v_times;
end;
$$;

grant usage on schema bench to authenticated;
grant execute on all functions in schema bench to authenticated;

-- Notifications `p_from`..`p_to` of a user's history (each through private.notify, so the cap
-- trims as it goes), like a popular author; the runner commits every 100.
create function bench.notify_history(p_user uuid, p_from int, p_to int) returns void
language plpgsql as $$
begin
  for k in p_from..p_to loop
    perform private.notify(p_user, 'like_on_chisme', 'A alguien le gustó tu chisme: "historia"',
      jsonb_build_object('snippet', 'historia'), 'bench-history:' || k);
  end loop;
end;
$$;

-- Times one further notification for that user, in ms (cap and broadcast included).
create function bench.time_notify(p_user uuid, p_k int) returns float8
language plpgsql as $$
declare
  v_start timestamptz := clock_timestamp();
begin
  perform private.notify(p_user, 'like_on_chisme', 'A alguien le gustó tu chisme: "nuevo"',
    jsonb_build_object('snippet', 'nuevo'), 'bench-new:' || p_k);
  return extract(epoch from clock_timestamp() - v_start)::float8 * 1000;
end;
$$;
