-- Hand-written: what a schema diff cannot express, so supabase/schemas/ does not hold it.
-- Reference data (rate-limit windows, the moderation and new-account settings rows, the crisis
-- terms, the offensive-word matcher's first row), the `chismes` storage bucket, pg_cron jobs and
-- PostgREST's pre-request hook (a role setting). Runs after the baseline (the tables and
-- functions it names are defined there); see docs/database.md "What stays hand-written".

set lock_timeout = '10s';
set statement_timeout = '10min';

-- Storage for cotilleo images (ARCHITECTURE "Storage and images"): a private bucket `chismes`,
-- object name = chisme id. Signed-in users may read an object only while its chisme is cotilleo
-- and at most 20 minutes old. No client writes: the chisme-image function uploads with the
-- service role (which bypasses RLS) after checking the caller and the file.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('chismes', 'chismes', false, 1048576 * 5, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

-- Daily notification retention with pg_cron where the extension exists (Supabase provides
-- it). Without it the 30-day rule still holds: inserts trim and reads hide older rows.
do $$
begin
  create extension if not exists pg_cron with schema pg_catalog;
  perform cron.schedule(
    'delete-expired-notifications',
    '17 3 * * *',
    'select private.delete_expired_notifications()'
  );
exception when others then
  raise notice 'pg_cron unavailable (%), notification retention runs on insert only', sqlerrm;
end;
$$;

-- Rate-limit windows (docs/decisions/0002-rate-limits.md): action, window, events allowed.
insert into private.rate_limit_settings (action, window_seconds, max_events) values
  ('chisme', 60, 3), ('chisme', 3600, 20), ('chisme', 86400, 50),
  ('comment', 60, 10), ('comment', 3600, 120), ('comment', 86400, 500),
  ('like', 60, 60), ('like', 3600, 600),
  ('report', 60, 5), ('report', 3600, 30), ('report', 86400, 100),
  ('country', 3600, 20), ('country', 86400, 50),
  ('block', 60, 10), ('block', 3600, 30), ('block', 86400, 100),
  ('notification', 3600, 5),
  ('sign_in_lookup', 60, 10), ('sign_in_lookup', 3600, 50);

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('delete-expired-rate-limit-counters', '17 4 * * *',
      'select private.delete_expired_rate_limit_counters()');
  end if;
end;
$$;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('delete-expired-notification-budgets', '27 4 * * *',
      'select private.delete_expired_notification_budgets()');
  end if;
end;
$$;

-- Hosted schedule: every minute, pg_net calls the purge function with the service key kept in
-- Vault (secrets `project_url` and `service_role_key`, set by `npm run deploy`). The key goes as
-- `apikey`: it may be an `sb_secret_…` key, which is no JWT; the function checks it itself.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_net')
    and exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    create extension if not exists pg_net;
    perform cron.schedule(
      'purge-chisme-images',
      '* * * * *',
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
            || '/functions/v1/chisme-image-purge',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
          ),
          body := '{}'::jsonb
        )
      $job$
    );
  else
    raise notice 'pg_net unavailable: nothing purges expired chisme images';
  end if;
end;
$$;

-- Web Push (62-push.sql, docs/decisions/0028-web-push.md): the limits row, and the push
-- services a subscription may point at (the browsers' own; the sender posts to nothing else).
insert into private.push_limits default values;
insert into private.push_services (endpoint_pattern, note) values
  ('^https://fcm\.googleapis\.com/', 'Chrome, Opera, Samsung Internet, Brave (Firebase Cloud Messaging)'),
  ('^https://updates\.push\.services\.mozilla\.com/', 'Firefox (Mozilla autopush)'),
  ('^https://web\.push\.apple\.com/', 'Safari on macOS, iOS and iPadOS 16.4+ (Apple Push Notification service)'),
  ('^https://[a-z0-9-]+\.notify\.windows\.com/', 'Edge (Windows Push Notification Services)');

-- Hosted schedule: every 5 s (pg_cron 1.5+; every minute on an older one) pg_net calls the
-- push-send function, with the service key from Vault in the `apikey` header (the function
-- runs with verify_jwt = false and checks it), and only when a push is due or a delivery is
-- ready: an idle project invokes nothing. Where pg_net or pg_cron is missing (the local
-- stack), the stack's daemon calls it on the same condition (local-stack/runtime/push-schedule.ts).
do $$
declare
  v_version text;
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_net')
    and exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    create extension if not exists pg_net;
    select e.extversion into v_version from pg_catalog.pg_extension e where e.extname = 'pg_cron';
    perform cron.schedule(
      'send-push',
      case when string_to_array(substring(v_version from '^[0-9]+\.[0-9]+'), '.')::int[] >= array[1, 5]
        then '5 seconds' else '* * * * *' end,
      $job$
        select net.http_post(
          url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
            || '/functions/v1/push-send',
          headers := jsonb_build_object(
            'Content-Type', 'application/json',
            'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
          ),
          body := '{}'::jsonb
        )
        where private.push_work_pending()
      $job$
    );
  else
    raise notice 'pg_net unavailable: push-send is called by the local stack''s daemon';
  end if;
end;
$$;

-- The single settings rows (their tables allow exactly one row).
insert into private.moderation_settings default values;
insert into private.new_account_settings default values;
insert into private.auth_limit_settings default values;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('delete-expired-new-account-counters', '23 4 * * *',
      'select private.delete_expired_new_account_counters()');
  end if;
end;
$$;

-- The realtime flush (80-realtime.sql). pg_cron 1.5+ takes second schedules; older versions (Debian's 1.4 on the local
-- stack) cannot, and the local stack's daemon calls the flush every 4 s instead
-- (local-stack/realtime/flush.ts). Without pg_cron at all the same holds.
do $$
declare
  v_version text;
begin
  select e.extversion into v_version from pg_catalog.pg_extension e where e.extname = 'pg_cron';
  -- extversion may carry a packaging suffix (Debian: '1.4-1'): compare major.minor only
  if v_version is not null and string_to_array(substring(v_version from '^[0-9]+\.[0-9]+'), '.')::int[] >= array[1, 5] then
    perform cron.schedule('flush-realtime', '4 seconds', 'select private.flush_realtime()');
  else
    raise notice 'pg_cron % has no second schedules: the realtime flush is called by the local stack', coalesce(v_version, 'absent');
  end if;
end;
$$;

-- PostgREST calls private.check_request before every request (05-helpers.sql,
-- docs/decisions/0008-text-arguments-and-rest-write-guard.md).
alter role authenticator set pgrst.db_pre_request to 'private.check_request';
notify pgrst, 'reload config';

-- The matcher row the offensive-word triggers keep fresh (08-offensive-words.sql).
insert into private.offensive_word_matcher (id, words, regex)
select true,
       coalesce(array_agg(o.word order by o.word), '{}'::text[]),
       '(?:^|[^a-zñ0-9*])(?:(' || string_agg(o.pattern, ')|(' order by o.word) || '))(?=$|[^a-zñ0-9*])'
from public.offensive_words o
where o.pattern <> '';

-- Terms that mark a chisme or comment as mentioning self-harm (19-crisis.sql).
insert into private.crisis_terms (term) values
  ('suicidio'), ('suicidios'), ('suicidarme'), ('suicidarse'), ('suicidarte'), ('me quiero suicidar'),
  ('me voy a suicidar'), ('pensamientos suicidas'), ('ideas suicidas'), ('ideación suicida'),
  ('intento de suicidio'), ('quitarme la vida'), ('quitarse la vida'), ('acabar con mi vida'),
  ('terminar con mi vida'), ('poner fin a mi vida'), ('me quiero morir'), ('quiero morirme'),
  ('ganas de morir'), ('ganas de morirme'), ('no quiero vivir'), ('no quiero seguir viviendo'),
  ('no quiero seguir aquí'), ('estaría mejor muerto'), ('estaría mejor muerta'),
  ('quiero matarme'), ('voy a matarme'), ('me voy a matar'), ('me quiero matar'),
  ('autolesión'), ('autolesiones'), ('autolesionarme'), ('autolesionarse'), ('hacerme daño'),
  ('cortarme las venas'), ('me corto las venas'), ('me hago cortes'), ('me corto los brazos');
