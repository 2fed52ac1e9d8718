-- Crisis detection matches reviewed phrases as WHOLE words (19-crisis.sql): a phrase at the
-- start or the end of a longer word is another word. Each side of the boundary has its case,
-- with the phrase itself, between punctuation, still detected.
begin;
select plan(5);

select ok(private.mentions_crisis('Suicidio.'), 'detects the phrase alone, before punctuation');
select ok(private.mentions_crisis('¿no quiero vivir?'), 'detects a phrase between question marks');
select ok(not private.mentions_crisis('mañana hay una charla antisuicidio en el instituto'), 'not a phrase at the end of a longer word ("antisuicidio")');
select ok(not private.mentions_crisis('no quiero vivirlo otra vez, qué vergüenza pasé'), 'not a phrase at the start of a longer word ("vivirlo")');
select ok(not private.mentions_crisis('me quiero morirrrr de la risa jajaja'), 'not a phrase stretched into another word ("morirrrr")');

select * from finish();
rollback;
