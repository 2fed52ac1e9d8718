-- Hand-written: what a schema diff cannot express, so supabase/schemas/ does not hold it.
-- Reference data (rate-limit windows, the moderation and new-account settings rows, the crisis
-- terms, the offensive-word matcher's first row and word list), the `chismes` storage bucket, the scheduled jobs
-- (pg_cron and pg_net) and PostgREST's pre-request hook (a role setting). Runs after the baseline
-- (the tables and functions it names are defined there); see docs/database.md "What stays
-- hand-written".

set lock_timeout = '10s';
set statement_timeout = '10min';

-- Storage for cotilleo images (ARCHITECTURE "Storage and images"): a private bucket `chismes`,
-- object name = chisme id. Signed-in users may read an object only while its chisme is cotilleo
-- and at most 20 minutes old. No client writes: the chisme-image function uploads with the
-- service role (which bypasses RLS) after checking the caller and the file.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('chismes', 'chismes', false, 1048576 * 5, array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

-- Rate-limit windows (docs/decisions/0002-rate-limits.md): action, window, events allowed.
insert into private.rate_limit_settings (action, window_seconds, max_events) values
  ('chisme', 60, 3), ('chisme', 3600, 20), ('chisme', 86400, 50),
  ('comment', 60, 10), ('comment', 3600, 120), ('comment', 86400, 500),
  ('like', 60, 60), ('like', 3600, 600),
  ('report', 60, 5), ('report', 3600, 30), ('report', 86400, 100),
  ('country', 3600, 20), ('country', 86400, 50),
  ('block', 60, 10), ('block', 3600, 30), ('block', 86400, 100),
  ('notification', 3600, 5),
  ('sign_in_lookup', 60, 10), ('sign_in_lookup', 3600, 50),
  ('notice_client', 3600, 5), ('notice_client', 86400, 20),
  ('notice_target', 3600, 10), ('notice_target', 86400, 30),
  ('notice_address', 600, 1), ('notice_address', 86400, 5);

-- Scheduled jobs. A Supabase project has pg_cron (1.5 or later: second schedules) and pg_net;
-- Vault holds the purge job's secrets. None of them is optional: without the flush no live count
-- or notification update reaches anyone, and without the others nothing expires, so a database
-- that cannot run them stops this migration here (the local stack provides them:
-- local-stack/README.md "What still differs"). The jobs run as the role that schedules them.
create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

-- The realtime flush (80-realtime.sql): coalesced counts and notification updates every 4 s.
select cron.schedule('flush-realtime', '4 seconds', 'select private.flush_realtime()');

-- Retention: notifications after 30 days (inserts trim and reads hide older rows meanwhile), and
-- the expired counters of the rate limits, notification budgets and new-account rules.
select cron.schedule('delete-expired-notifications', '17 3 * * *', 'select private.delete_expired_notifications()');
select cron.schedule('delete-expired-rate-limit-counters', '17 4 * * *', 'select private.delete_expired_rate_limit_counters()');
select cron.schedule('delete-expired-new-account-counters', '23 4 * * *', 'select private.delete_expired_new_account_counters()');
select cron.schedule('delete-expired-notification-budgets', '27 4 * * *', 'select private.delete_expired_notification_budgets()');
-- Content a moderator removed is purged once its complaint window closed with no complaint
-- pending (supabase/schemas/76-removals.sql).
select cron.schedule('delete-expired-removed-content', '37 4 * * *', 'select private.delete_expired_removed_content()');

-- Every minute pg_net calls the purge function with the project's URL and service key from Vault
-- (secrets `project_url` and `service_role_key`, stored by the operator: docs/deploy.md). The key
-- goes as `apikey`, which the gateway accepts for a legacy JWT and an sb_secret_ key alike; the
-- function checks it itself (verify_jwt = false).
select cron.schedule(
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

-- Every 5 s pg_net calls the push-send function the same way, only when a push is due or a
-- delivery is ready, so an idle project invokes nothing (docs/decisions/0028-web-push.md).
select cron.schedule(
  'send-push',
  '5 seconds',
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

-- Every 5 s pg_net calls the send-email function's /notices route the same way, only when a
-- notice mail waits (52-notices.sql, docs/decisions/0035-notice-and-action.md); every 10 minutes
-- unconfirmed notices past their hour are deleted.
select cron.schedule(
  'send-notice-mails',
  '5 seconds',
  $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
        || '/functions/v1/send-email/notices',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
      ),
      body := '{}'::jsonb
    )
    where private.notice_mail_pending()
  $job$
);
select cron.schedule('delete-expired-notices', '*/10 * * * *', 'select private.delete_expired_notices()');

-- pg_cron keeps a row per run in cron.job_run_details and never deletes one (the flush alone adds
-- 21,600 a day). Every 10 minutes: successful runs older than an hour, failed ones older than a
-- day. Bound: about 2,820 rows while everything succeeds (70 minutes of 15 flushes, 12 push
-- checks, 12 notice-mail checks, one purge, a tenth of a notice purge and a tenth of a clean-up
-- a minute), at most about 58,000 (some 11 MB) if every run failed all day.
select cron.schedule(
  'delete-old-cron-run-details',
  '*/10 * * * *',
  $job$
    delete from cron.job_run_details
    where end_time < now() - case when status = 'succeeded' then interval '1 hour' else interval '1 day' end
  $job$
);

-- Web Push (62-push.sql, docs/decisions/0028-web-push.md): the limits row, and the push
-- services a subscription may point at (the browsers' own; the sender posts to nothing else).
insert into private.push_limits default values;
insert into private.push_services (endpoint_pattern, note) values
  ('^https://fcm\.googleapis\.com/', 'Chrome, Opera, Samsung Internet, Brave (Firebase Cloud Messaging)'),
  ('^https://updates\.push\.services\.mozilla\.com/', 'Firefox (Mozilla autopush)'),
  ('^https://web\.push\.apple\.com/', 'Safari on macOS, iOS and iPadOS 16.4+ (Apple Push Notification service)'),
  ('^https://[a-z0-9-]+\.notify\.windows\.com/', 'Edge (Windows Push Notification Services)');


-- The single settings rows (their tables allow exactly one row).
insert into private.moderation_settings default values;
insert into private.new_account_settings default values;
insert into private.misuse_settings default values;

-- The report reasons (docs/decisions/0035-notice-and-action.md): data moderators edit with
-- moderate_set_report_reason; each names the rule of Chismes it stands for, and illegal
-- content its legal ground (statements of reasons quote both).
insert into public.report_reasons (code, label, rule, legal_ground, illegal, position) values
  ('acoso', 'Acoso o intimidación', 'Norma 1: no acoses, humilles ni intimides a nadie.', null, false, 10),
  ('datos_personales', 'Datos personales de alguien', 'Norma 2: no publiques datos que identifiquen a una persona (nombre completo, dirección, teléfono, centro de estudios o trabajo, fotos).', 'Reglamento (UE) 2016/679 (RGPD), arts. 5 y 6: tratamiento de datos personales sin base jurídica; Ley Orgánica 3/2018.', true, 20),
  ('sexual', 'Contenido sexual', 'Norma 3: nada de contenido sexual explícito, y nunca sobre menores.', 'Código Penal, arts. 186 a 189 (exhibición de material pornográfico a menores, pornografía infantil).', true, 30),
  ('odio', 'Odio', 'Norma 4: no ataques a nadie por su origen, religión, sexo, orientación, discapacidad u otra característica protegida.', 'Código Penal, art. 510 (delitos de odio).', true, 40),
  ('amenazas', 'Amenazas o violencia', 'Norma 5: no amenaces ni incites a la violencia.', 'Código Penal, arts. 169 a 171 (amenazas).', true, 50),
  ('autolesiones', 'Autolesiones', 'Norma 6: no animes ni expliques autolesiones o suicidio; si lo estás pasando mal, pide ayuda (024).', null, false, 60),
  ('spam', 'Spam', 'Norma 7: nada de publicidad, cadenas ni publicaciones repetidas.', null, false, 70),
  ('ilegal', 'Contenido ilegal por otro motivo', 'Norma 8: no publiques nada ilegal (injurias o calumnias, difamación, fraude, venta de productos prohibidos…).', 'Derecho de la Unión o del Estado miembro aplicable (Reglamento (UE) 2022/2065, art. 3.h); por ejemplo, Código Penal, arts. 205 a 210 (calumnias e injurias).', true, 80);
insert into private.auth_limit_settings default values;

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

-- The offensive-word list (casual mode), reference data every project needs: a project gets it
-- from this migration (a deploy never runs the seed). Matched as whole words in folded form
-- (08-offensive-words.sql); inserted after the matcher row, which its trigger then refreshes.
insert into public.offensive_words (word) values
  ('idiota'), ('imbécil'), ('imbecil'), ('estúpido'), ('estupido'), ('estúpida'), ('estupida'),
  ('pendejo'), ('pendeja'), ('cabrón'), ('cabron'), ('cabrona'), ('gilipollas'), ('mierda'),
  ('coño'), ('joder'), ('hijo de puta'), ('hija de puta'), ('hijueputa'), ('malparido'),
  ('malparida'), ('malnacido'), ('huevón'), ('huevon'), ('boludo'), ('boluda'), ('pelotudo'),
  ('pelotuda'), ('culero'), ('culera'), ('verga'), ('chingada'), ('chingado'), ('pinche'),
  ('zorra'), ('perra'), ('subnormal'), ('retrasado mental'), ('mongólico'), ('maricón'),
  ('maricon'), ('conchatumadre'), ('concha de tu madre'), ('mamón'), ('tarado'),
  -- Plurals are words of their own: the filter matches whole words only.
  ('idiotas'), ('imbéciles'), ('imbeciles'), ('estúpidos'), ('estupidos'), ('estúpidas'),
  ('estupidas'), ('pendejos'), ('pendejas'), ('cabrones'), ('cabronas'), ('malparidos'),
  ('malparidas'), ('malnacidos'), ('huevones'), ('boludos'), ('boludas'), ('pelotudos'),
  ('pelotudas'), ('culeros'), ('culeras'), ('zorras'), ('perras'), ('subnormales'),
  ('retrasados mentales'), ('mongólicos'), ('maricones'), ('mamones'), ('tarados');

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
