-- The argument parsers behind text-typed RPC parameters (docs/decisions/0008-text-arguments-and-rest-write-guard.md): a good value comes back
-- typed, null stays null, and anything else raises the key the RPC gave — never a 22xxx.
begin;
select plan(22);

select tests.create_supabase_user('caller');
select tests.authenticate_as('caller');

-- uuid
select is(private.uuid_arg('6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', 'k'), '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f'::uuid, 'uuid: a canonical uuid is parsed');
select is(private.uuid_arg(null, 'k'), null, 'uuid: null stays null');
select throws_ok($$ select private.uuid_arg('not-a-uuid', 'chisme_not_found') $$, 'P0001', 'chisme_not_found', 'uuid: garbage raises the key given');
select throws_ok($$ select private.uuid_arg('42', 'chisme_not_found') $$, 'P0001', 'chisme_not_found', 'uuid: a JSON number raises the key given');
select throws_ok($$ select private.uuid_arg(E'6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f\\x', 'k') $$, 'P0001', 'k', 'uuid: trailing characters raise the key');

-- int
select is(private.int_arg('30', 'k'), 30, 'int: a JSON number arrives as text and is parsed');
select is(private.int_arg('-7', 'k'), -7, 'int: a negative number is parsed (ranges are the caller''s rule)');
select is(private.int_arg(null, 'k'), null, 'int: null stays null');
select throws_ok($$ select private.int_arg('1e20', 'years_invalid') $$, 'P0001', 'years_invalid', 'int: exponent notation raises the key');
select throws_ok($$ select private.int_arg('99999999999', 'years_invalid') $$, 'P0001', 'years_invalid', 'int: a number past int raises the key, not 22003');
select throws_ok($$ select private.int_arg('7.5', 'years_invalid') $$, 'P0001', 'years_invalid', 'int: a fraction raises the key');
select throws_ok($$ select private.int_arg('treinta', 'years_invalid') $$, 'P0001', 'years_invalid', 'int: words raise the key, not 22P02');

-- boolean
select is(private.boolean_arg('true', 'k'), true, 'boolean: JSON true');
select is(private.boolean_arg('false', 'k'), false, 'boolean: JSON false');
select throws_ok($$ select private.boolean_arg('quizás', 'mode_invalid') $$, 'P0001', 'mode_invalid', 'boolean: anything else raises the key');

-- timestamptz
select is(private.timestamptz_arg('2026-11-23T10:00:00Z', 'k'), '2026-11-23T10:00:00Z'::timestamptz, 'timestamp: ISO 8601 is parsed');
select throws_ok($$ select private.timestamptz_arg('ayer', 'cursor_invalid') $$, 'P0001', 'cursor_invalid', 'timestamp: words raise the key');
select throws_ok($$ select private.timestamptz_arg('20000000-01-01', 'cursor_invalid') $$, 'P0001', 'cursor_invalid', 'timestamp: a year out of range raises the key');

-- text arrays (jsonb)
select is(private.text_array_arg('["#a", "b"]'::jsonb, 'k'), array['#a', 'b'], 'text array: an array of strings is parsed');
select is(private.text_array_arg('null'::jsonb, 'k'), null, 'text array: JSON null stays null');
select throws_ok($$ select private.text_array_arg('"#a"'::jsonb, 'tags_invalid') $$, 'P0001', 'tags_invalid', 'text array: a bare string raises the key, not a malformed array literal');
select throws_ok($$ select private.text_array_arg('["#a", 3, {"x": 1}]'::jsonb, 'tags_invalid') $$, 'P0001', 'tags_invalid', 'text array: non-string elements raise the key');

select * from finish();
rollback;
