-- Crisis support: text about suicide or self-harm is published and flagged (crisis) on the
-- content, served to its author at once and to readers; everyday phrases with the same words
-- are not flagged (false positives); nothing about it is stored on the person; a client cannot
-- set the flag itself.
begin;
select plan(22);

select tests.lift_rate_limits();
select tests.create_supabase_users('writer', 'reader');

-- Detection: true positives, with accents, case and look-alikes folded
select ok(private.mentions_crisis('Ya no puedo más, me quiero morir'), 'detects "me quiero morir"');
select ok(private.mentions_crisis('He pensado en QUITARME LA VIDA'), 'detects "quitarme la vida" in capitals');
select ok(private.mentions_crisis('tengo pensamientos suicidas desde hace meses'), 'detects "pensamientos suicidas"');
select ok(private.mentions_crisis('a veces pienso en la autolesión'), 'detects "autolesión" with its accent');
select ok(private.mentions_crisis('a veces pienso en la autolesion'), 'detects "autolesion" without it');
select ok(private.mentions_crisis('no quiero seguir viviendo así'), 'detects "no quiero seguir viviendo"');
select ok(private.mentions_crisis('me voy a matar, en serio'), 'detects "me voy a matar"');
select ok(private.mentions_crisis('el suicidio de un compañero me dejó hundido'), 'detects a mention of "suicidio"');

-- False positives: everyday speech
select ok(not private.mentions_crisis('Me muero de risa con este chisme'), 'not "me muero de risa"');
select ok(not private.mentions_crisis('me muero de ganas de verte'), 'not "me muero de ganas"');
select ok(not private.mentions_crisis('Me mato a estudiar para el examen'), 'not "me mato a estudiar"');
select ok(not private.mentions_crisis('mañana voy a cortarme el pelo'), 'not "cortarme el pelo"');
select ok(not private.mentions_crisis('qué jugada más suicida del portero'), 'not "una jugada suicida"');
select ok(not private.mentions_crisis('se me murió el móvil otra vez'), 'not "se me murió el móvil"');
select ok(not private.mentions_crisis('mi jefe me va a matar si llego tarde'), 'not "me va a matar" (someone else, figuratively)');
select ok(not private.mentions_crisis('la película trata de una vida sin daños'), 'not words inside other words');

-- Published and flagged, served to the author at once and to readers
select tests.authenticate_as('writer');
select tests.post_chisme('c', 'Mujer', '30', 'Hoy siento que me quiero morir y no sé a quién contarlo', null, 'ES', 'false');
select is((select crisis from public.get_my_chismes(false) where id::text = current_setting('test.c')), true, 'writer: their chisme is published and carries crisis');
select is(
  (tests.add_comment(current_setting('test.c'), null, 'Y a veces pienso en hacerme daño', 'Mujer', '30', 'ES')).crisis,
  true, 'writer: add_comment answers crisis at once'
);
select tests.authenticate_as('reader');
select is((select crisis from public.get_feed('recent', 'false') where id::text = current_setting('test.c')), true, 'reader: the feed row carries crisis (the "¿Necesitas hablar?" link)');
select is((select bool_and(crisis) from public.get_comments(current_setting('test.c'))), true, 'reader: so does the comment');
select is((tests.create_chisme('Hombre', '40', 'Me muero de risa con lo de ayer en clase', null, 'ES', 'false')).crisis, false, 'reader: an everyday chisme is not flagged');

-- Nothing on the person: no table of ours links a user to crisis text
select is(
  (select count(*)::int from information_schema.columns
   where table_schema in ('public', 'private') and column_name like '%crisis%'
     and table_name not in ('chismes', 'comments', 'crisis_terms')),
  0, 'no other table holds anything about crisis (nothing on the person)'
);

select * from finish();
rollback;
