-- Demo data for local development (`supabase db push --include-seed`, `supabase start`, the
-- local stack): three demo accounts you can sign in with (see README "Demo accounts"), twelve
-- background neighbours who cannot sign in, and ~80 chismes of both modes over the last week
-- with comments, replies, likes and the notifications they cause. The offensive-word list is
-- reference data, in the reference-data migration.
-- Everything goes through the real triggers (authorship, counters, notifications), acting as
-- each user by setting the JWT claims; only timestamps are back-dated. Deterministic
-- (setseed), idempotent only on a fresh database.

-- Accounts: the three demo users (password known) and twelve neighbours (random password).
do $$
declare
  v_user record;
begin
  for v_user in
    select * from (values
      ('a1111111-1111-4111-8111-111111111111'::uuid, 'lucia@chismes.test', 'Lucia1234', 'lucia'),
      ('a2222222-2222-4222-8222-222222222222'::uuid, 'mateo@chismes.test', 'Mateo1234', 'mateo'),
      ('a3333333-3333-4333-8333-333333333333'::uuid, 'sofia@chismes.test', 'Sofia1234', 'sofia')
    ) demo (id, email, password, username)
    union all
    select ('b0000000-0000-4000-8000-0000000000' || lpad(n::text, 2, '0'))::uuid,
           'vecino' || lpad(n::text, 2, '0') || '@chismes.test',
           encode(extensions.gen_random_bytes(18), 'base64'),
           'vecino' || lpad(n::text, 2, '0')
    from generate_series(1, 12) n
  loop
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      confirmation_token, recovery_token, email_change_token_new, email_change,
      email_change_token_current, phone_change, phone_change_token, reauthentication_token,
      raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
      is_sso_user, is_anonymous
    ) values (
      '00000000-0000-0000-0000-000000000000', v_user.id, 'authenticated', 'authenticated',
      v_user.email, extensions.crypt(v_user.password, extensions.gen_salt('bf', 10)),
      now() - interval '8 days',
      '', '', '', '', '', '', '', '',
      '{"provider":"email","providers":["email"]}'::jsonb,
      jsonb_build_object('username', v_user.username, 'email_verified', true),
      false, now() - interval '8 days', now() - interval '8 days', false, false
    );
    insert into auth.identities (
      provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at
    ) values (
      v_user.id::text, v_user.id,
      jsonb_build_object('sub', v_user.id::text, 'email', v_user.email, 'email_verified', true, 'phone_verified', false),
      'email', now() - interval '8 days', now() - interval '8 days', now() - interval '8 days'
    );
  end loop;
end;
$$;

-- Every demo account is an adult who confirmed it (10-profiles.sql, adults only): the demo
-- neighbours comment and like in both modes; sofia uses cotilleo mode.
update public.profiles set adult_confirmed_at = now();
update public.profiles set cotilleo = true where username = 'sofia';

-- ~80 chismes, comments, replies and likes, acting as each user through the real triggers.
do $$
declare
  v_users uuid[] := array(select id from auth.users where email like '%@chismes.test' order by email);
  v_openings text[] := array[
    'Me contaron que', 'Dicen por ahí que', 'No se lo digan a nadie, pero', 'Confirmado:',
    'Mi prima jura que', 'En la oficina comentan que', 'Ayer escuché en el bus que',
    'Una fuente muy fiable asegura que', 'Todo el barrio sabe que', 'Nadie se lo cree, pero'];
  v_subjects text[] := array[
    'el vecino del tercero', 'la profe de matemáticas', 'el chico del gimnasio',
    'la dueña de la panadería', 'mi jefe', 'el portero del edificio', 'la influencer del barrio',
    'el novio de mi amiga', 'la señora del perrito blanco', 'el cantante de la banda local',
    'el entrenador del equipo', 'la chica de recursos humanos'];
  v_facts text[] := array[
    'se va a casar en secreto el mes que viene', 'ganó la lotería y no ha dicho nada',
    'tiene dos cuentas falsas para comentar sus propias fotos', 'se mudó a la playa sin avisar a nadie',
    'está aprendiendo a bailar salsa a escondidas', 'adoptó tres gatos en una semana',
    'le pidió matrimonio a su ex por error', 'lleva un año fingiendo que habla francés',
    'se quedó dormido en su propia fiesta sorpresa', 'abrió un canal de recetas veganas',
    'compró un karaoke y ensaya cada noche a las dos', 'dejó el trabajo para hacerse DJ'];
  v_endings text[] := array['', ' ¡Qué fuerte!', ' Yo no digo nada...', ' ¿Ustedes qué opinan?', ' Increíble pero cierto.', ' 👀'];
  v_comments text[] := array[
    '¡No me lo puedo creer!', 'Yo lo sabía desde hace meses.', 'Eso es mentira, lo vi ayer.',
    'Jajaja, qué buen chisme.', '¿Alguien tiene más detalles?', 'Esto se va a poner bueno.',
    'Pobrecito, déjenlo en paz.', 'Confirmo, yo también lo escuché.', 'Necesito la segunda parte ya.',
    'No puede ser, ¡qué escándalo!', 'Me encanta este barrio.', 'Ojalá sea verdad.',
    'Eso ya lo contaron la semana pasada.', 'Yo estuve ahí y fue peor.', '¿De quién hablan exactamente?'];
  v_replies text[] := array[
    'Totalmente de acuerdo contigo.', 'No creo, yo lo conozco bien.', 'Cuéntanos más, por favor.',
    '¡Exacto! Eso mismo pensé.', 'Jajaja, me muero.', 'Mejor no digo nada...', 'Fuente: confía.'];
  v_genders text[] := array['Hombre', 'Mujer', 'Prefiero no decirlo'];
  v_countries text[] := array['Costa Rica', 'México', 'España', 'Argentina', 'Colombia', 'Chile', 'Perú', 'Estados Unidos'];
  v_tags text[] := array['#barrio', '#trabajo', '#amor', '#familia', '#fiesta', '#escuela', '#famosos', '#misterio'];
  v_chisme_id uuid;
  v_root_id uuid;
  v_reply_id uuid;
  v_author uuid;
  v_commenter uuid;
  v_created timestamptz;
  v_cotilleo boolean;
  v_n int;
  v_c int;
  v_liker uuid;
begin
  perform setseed(0.42);
  for v_n in 1..80 loop
    v_cotilleo := v_n % 4 = 0;
    -- half by the three demo accounts (v_users[1..3]), half by the neighbours
    v_author := case when v_n % 2 = 0 then v_users[1 + (v_n / 2) % 3] else v_users[4 + (v_n * 7) % 12] end;
    -- a third within the last 24 hours, the rest over the past week
    v_created := case when v_n % 3 = 0
      then now() - (random() * interval '22 hours') - interval '5 minutes'
      else now() - interval '1 day' - random() * interval '6 days' end;
    perform set_config('request.jwt.claims', jsonb_build_object('sub', v_author, 'role', 'authenticated')::text, true);
    insert into public.chismes (gender, years, country, tags, content, cotilleo, created_at, updated_at)
    values (
      v_genders[1 + v_n % 3],
      (case when v_cotilleo then 18 else 14 end) + (v_n * 11) % 40,
      v_countries[1 + (v_n * 5) % array_length(v_countries, 1)],
      array(select v_tags[1 + (v_n * 3 + k) % array_length(v_tags, 1)] from generate_series(0, v_n % 3) k),
      v_openings[1 + v_n % array_length(v_openings, 1)] || ' ' ||
        v_subjects[1 + (v_n * 7) % array_length(v_subjects, 1)] || ' ' ||
        v_facts[1 + (v_n * 5) % array_length(v_facts, 1)] || '.' ||
        v_endings[1 + v_n % array_length(v_endings, 1)],
      v_cotilleo, v_created, v_created
    )
    returning id into v_chisme_id;

    -- comments: up to 4 roots, some with replies and replies to replies
    for v_c in 1..(v_n % 5) loop
      v_commenter := v_users[1 + floor(random() * array_length(v_users, 1))::int];
      perform set_config('request.jwt.claims', jsonb_build_object('sub', v_commenter, 'role', 'authenticated')::text, true);
      insert into public.comments (chisme_id, content, gender, years, country, created_at, updated_at)
      values (v_chisme_id, v_comments[1 + floor(random() * array_length(v_comments, 1))::int],
              v_genders[1 + v_c % 3], 18 + (v_c * 13 + v_n) % 50, v_countries[1 + v_c % 8],
              v_created + v_c * interval '7 minutes', v_created + v_c * interval '7 minutes')
      returning id into v_root_id;
      if random() < 0.5 then
        v_commenter := v_users[1 + floor(random() * array_length(v_users, 1))::int];
        perform set_config('request.jwt.claims', jsonb_build_object('sub', v_commenter, 'role', 'authenticated')::text, true);
        insert into public.comments (chisme_id, parent_id, content, gender, years, country, created_at, updated_at)
        values (v_chisme_id, v_root_id, v_replies[1 + floor(random() * array_length(v_replies, 1))::int],
                v_genders[1 + v_n % 3], 20 + v_c, v_countries[1 + v_n % 8],
                v_created + v_c * interval '9 minutes', v_created + v_c * interval '9 minutes')
        returning id into v_reply_id;
        if random() < 0.4 then
          perform set_config('request.jwt.claims', jsonb_build_object('sub', v_author, 'role', 'authenticated')::text, true);
          insert into public.comments (chisme_id, parent_id, content, gender, years, country, created_at, updated_at)
          values (v_chisme_id, v_reply_id, v_replies[1 + floor(random() * array_length(v_replies, 1))::int],
                  v_genders[1 + v_n % 3], 30, v_countries[1 + v_n % 8],
                  v_created + v_c * interval '11 minutes', v_created + v_c * interval '11 minutes');
        end if;
      end if;
    end loop;

    -- likes: each other user with a probability that varies by chisme
    for v_liker in select u from unnest(v_users) u where u <> v_author loop
      if random() < 0.1 + (v_n % 7) * 0.1 then
        perform set_config('request.jwt.claims', jsonb_build_object('sub', v_liker, 'role', 'authenticated')::text, true);
        insert into public.likes (chisme_id, created_at) values (v_chisme_id, v_created + random() * interval '3 hours');
      end if;
    end loop;
  end loop;
  perform set_config('request.jwt.claims', '', true);
end;
$$;

-- Notifications happened when their comments and likes did; older ones have been read.
update public.notifications n
set created_at = c.created_at
from public.comments c
where c.id = (n.data ->> 'commentId')::uuid;

update public.notifications n
set created_at = least(c.created_at + interval '1 hour', now())
from public.chismes c
where n.type = 'like_on_chisme' and c.id = (n.data ->> 'chismeId')::uuid;

update public.notifications set is_read = true where created_at < now() - interval '2 days';

-- The demo moderator (docs/decisions/0009-moderator-role-and-decisions.md, README "Demo accounts"): reviews reported content at
-- /moderacion. Posts nothing; the role is granted the one supported way, public.set_moderator.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, phone_change, phone_change_token, reauthentication_token,
  raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
  is_sso_user, is_anonymous
) values (
  '00000000-0000-0000-0000-000000000000', 'a4444444-4444-4444-8444-444444444444', 'authenticated', 'authenticated',
  'moderadora@chismes.test', extensions.crypt('Modera1234', extensions.gen_salt('bf', 10)),
  now() - interval '8 days',
  '', '', '', '', '', '', '', '',
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('username', 'moderadora', 'email_verified', true),
  false, now() - interval '8 days', now() - interval '8 days', false, false
);
insert into auth.identities (
  provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at
) values (
  'a4444444-4444-4444-8444-444444444444', 'a4444444-4444-4444-8444-444444444444',
  jsonb_build_object('sub', 'a4444444-4444-4444-8444-444444444444', 'email', 'moderadora@chismes.test', 'email_verified', true, 'phone_verified', false),
  'email', now() - interval '8 days', now() - interval '8 days', now() - interval '8 days'
);
select public.set_moderator('moderadora@chismes.test', true);
