-- Anonymity (docs/decisions/0001-anonymity-in-the-database.md): after three people
-- post, like, comment, reply and report, nothing any of them can read — feeds, single
-- chismes, profile lists, threads, notifications, their own rows in every table — carries
-- another person's user id.
begin;
select plan(24);

-- Arrange: three people interact with each other's chismes
select tests.create_supabase_users('ana', 'beto', 'carla');
do $$
declare
  v_people text[] := array['ana', 'beto', 'carla'];
  v_who text;
  v_other text;
  v_chisme uuid;
  v_root uuid;
  v_reply uuid;
begin
  foreach v_who in array v_people loop
    perform tests.authenticate_as(v_who);
    v_chisme := (tests.create_chisme('Mujer', '30', 'El chisme casual de ' || v_who, to_jsonb(array['anon']), 'CR', 'false')).id;
    perform public.create_chisme('Mujer', '30', 'El cotilleo de ' || v_who, null, 'CR', 'true');
    foreach v_other in array v_people loop
      continue when v_other = v_who;
      perform tests.authenticate_as(v_other);
      perform public.like_chisme(v_chisme::text);
      perform public.report_chisme(v_chisme::text, 'spam');
      v_root := (tests.add_comment(v_chisme::text, null, 'Comentario de ' || v_other, 'Hombre', '30', 'ES')).id;
      perform tests.authenticate_as(v_who);
      v_reply := (tests.add_comment(v_chisme::text, v_root::text, 'Respuesta de ' || v_who, 'Mujer', '30', 'CR')).id;
      perform tests.authenticate_as(v_other);
      perform public.add_comment(v_chisme::text, v_reply::text, 'Contrarréplica de ' || v_other, 'Hombre', '30', 'ES');
      perform public.report_comment(v_reply::text, 'spam');
    end loop;
  end loop;
  perform tests.reset_role();
end;
$$;

-- Everything a person can read through the API, as one JSON text
create function pg_temp.everything_visible() returns text language plpgsql as $$
declare
  v_text text := '';
  v_chisme record;
begin
  v_text := v_text || coalesce((select jsonb_agg(f)::text from public.get_feed('recent', 'false', p_limit => '100') f), '');
  v_text := v_text || coalesce((select jsonb_agg(f)::text from public.get_feed('trending', 'true', p_limit => '100') f), '');
  v_text := v_text || coalesce((select jsonb_agg(f)::text from public.get_feed('top', 'false', p_tags => to_jsonb(array['anon'])) f), '');
  v_text := v_text || coalesce((select jsonb_agg(f)::text from public.get_my_chismes(false) f), '');
  for v_chisme in select id from public.chismes where 'anon' = any (tags) or tags = '{#anon}' loop
    v_text := v_text || to_jsonb(public.get_chisme((v_chisme.id)::text))::text;
    v_text := v_text || coalesce((select jsonb_agg(c)::text from public.get_comments((v_chisme.id)::text, p_limit => '100') c), '');
  end loop;
  v_text := v_text || coalesce((select jsonb_agg(to_jsonb(n) - 'user_id')::text from public.notifications n), '');
  v_text := v_text || coalesce((select jsonb_agg(c)::text from public.chismes c), '');
  v_text := v_text || coalesce((select jsonb_agg(c)::text from public.comments c), '');
  v_text := v_text || coalesce((select jsonb_agg(a)::text from public.chisme_authors a), '');
  v_text := v_text || coalesce((select jsonb_agg(a)::text from public.comment_authors a), '');
  v_text := v_text || coalesce((select jsonb_agg(l)::text from public.likes l), '');
  v_text := v_text || coalesce((select jsonb_agg(r)::text from public.reports r), '');
  v_text := v_text || coalesce((select jsonb_agg(p)::text from public.profiles p), '');
  return v_text;
end;
$$;
grant execute on function pg_temp.everything_visible() to authenticated;

select tests.authenticate_as('ana');
select cmp_ok(length(pg_temp.everything_visible()), '>', 5000, 'ana: reads plenty (the check below is not vacuous)');
select ok(position('El chisme casual de beto' in pg_temp.everything_visible()) > 0, 'ana: sees beto''s chisme');
select ok(position('Comentario de carla' in pg_temp.everything_visible()) > 0, 'ana: sees carla''s comments');
select ok(position(tests.get_supabase_uid('ana')::text in pg_temp.everything_visible()) > 0, 'ana: her own rows carry her id (authorship, likes, reports)');
select is(position(tests.get_supabase_uid('beto')::text in pg_temp.everything_visible()), 0, 'ana: nothing she can read carries beto''s id');
select is(position(tests.get_supabase_uid('carla')::text in pg_temp.everything_visible()), 0, 'ana: nothing she can read carries carla''s id');
select results_eq(
  $$ select type, senders from public.notifications order by type, senders $$,
  $$ values ('comment_on_chisme', 2), ('like_on_chisme', 2), ('reply_to_comment', 1), ('reply_to_comment', 1), ('reply_to_comment', 2) $$,
  'ana: got her comment, reply and like notifications, collapsed per kind and chisme, counting the people (two replies on her chisme, one on each other chisme)'
);
select ok((select bool_and(user_id = tests.get_supabase_uid('ana')) from public.notifications), 'ana: notifications are addressed to her alone');
select is(
  (select count(*)::int from public.get_feed('recent', 'false', p_tags => to_jsonb(array['anon'])) where is_mine),
  1,
  'ana: exactly one casual chisme is hers'
);
select is(
  -- get_chisme, not get_feed: a reporter's feed no longer lists what they reported (docs/decisions/0010-automatic-hiding.md)
  (select count(*)::int from public.chismes c, public.get_chisme((c.id)::text) f where c.cotilleo = false and '#anon' = any (c.tags) and f.liked_by_me),
  2,
  'ana: she liked the other two'
);

select tests.authenticate_as('beto');
select is(position(tests.get_supabase_uid('ana')::text in pg_temp.everything_visible()), 0, 'beto: nothing he can read carries ana''s id');
select is(position(tests.get_supabase_uid('carla')::text in pg_temp.everything_visible()), 0, 'beto: nothing he can read carries carla''s id');
select is((select count(*)::int from public.likes), 2, 'beto: sees only his own two likes');
select is((select count(*)::int from public.reports), 4, 'beto: sees only his own four reports');
select is((select count(*)::int from public.chisme_authors), 2, 'beto: sees only his own two authorships');
select is((select count(*)::int from public.profiles), 1, 'beto: sees only his own profile');

select tests.authenticate_as('carla');
select is(position(tests.get_supabase_uid('ana')::text in pg_temp.everything_visible()), 0, 'carla: nothing she can read carries ana''s id');
select is(position(tests.get_supabase_uid('beto')::text in pg_temp.everything_visible()), 0, 'carla: nothing she can read carries beto''s id');
select is(
  (select count(distinct commenter_number)::int
   from public.get_comments((select id from public.chismes where content = 'El chisme casual de ana')::text)),
  3,
  'carla: the thread on ana''s chisme tells three people apart by number only'
);
select is(
  (select array_agg(distinct is_chisme_author order by is_chisme_author)
   from public.get_comments((select id from public.chismes where content = 'El chisme casual de ana')::text)
   where content like 'Respuesta de ana%'),
  array[true],
  'carla: ana''s replies on her own chisme carry the Autor flag'
);

-- Realtime payloads: no one's id outside their own notifications topic
select tests.reset_role();
select is_empty(
  $$ select 1 from realtime.messages m, unnest(array['ana', 'beto', 'carla']) p
     where position(tests.get_supabase_uid(p)::text in m.payload::text) > 0
       and m.topic <> 'notifications:' || tests.get_supabase_uid(p) $$,
  'no broadcast carries anyone''s id outside their own notifications topic'
);
select is_empty(
  $$ select 1 from public.notifications n, unnest(array['ana', 'beto', 'carla']) p
     where n.user_id <> tests.get_supabase_uid(p) and position(tests.get_supabase_uid(p)::text in n::text) > 0 $$,
  'no notification carries another person''s id'
);
select is_empty(
  $$ select 1 from public.notifications n, unnest(array['ana', 'beto', 'carla']) p
     where position(replace(tests.get_supabase_uid(p)::text, '-', '') in n::text) > 0 $$,
  'not even with the dashes removed'
);
select is(
  (select count(distinct unique_id)::int from public.notifications where type = 'like_on_chisme' and user_id in (select tests.get_supabase_uid(p) from unnest(array['ana', 'beto', 'carla']) p)),
  3,
  'like notifications: one collapsed row per chisme, its unique id hashed (not the liker''s id)'
);

select * from finish();
rollback;
