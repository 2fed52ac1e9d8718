-- Function bodies refer to objects of later files (the feed reads blocks, blocks read
-- comments): their check waits for the first call, as in pg_dump's output. The drift check,
-- plpgsql_check and pgTAP (test:db) cover them.
set check_function_bodies = off;

-- Crisis support: a chisme or comment whose folded text mentions suicide or self-harm is
-- still published; its author sees at once a calm support card with their country's crisis
-- line, and its readers a small "¿Necesitas hablar?" link to the same card.
--
-- Detection runs in the database, on the content: private.crisis_terms is the reviewed list
-- of Spanish phrases (folded like the offensive-word filter, private.fold_for_filter), matched
-- as whole words or phrases so that everyday speech ("me muero de risa", "me mato a estudiar",
-- "cortarme el pelo", "una jugada suicida") does not match (pgTAP 019-crisis-detection holds the false
-- positives). The chismes and comments write pipelines set `crisis` on the new row; it is a
-- property of that text, served with it (feed_chisme.crisis, thread_comment.crisis) so that
-- create_chisme / add_comment answer the author with it at once. Nothing is stored on the
-- person: no flag, no count, no log of who wrote such text.
create table private.crisis_terms (
  term text primary key check (char_length(term) between 3 and 100),
  folded text generated always as (private.fold_for_filter(term)) stored
);
revoke all on table private.crisis_terms from public, anon, authenticated, service_role;
comment on table private.crisis_terms is 'Reviewed Spanish phrases about suicide or self-harm (whole-word match on folded text). No API access.';

-- Whether a text mentions suicide or self-harm: a reviewed phrase as whole words of the
-- folded text. Stable (reads the list); invoker, called by the security definer step below.
create or replace function private.mentions_crisis(p_text text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1 from private.crisis_terms t
    where private.fold_for_filter(p_text) ~ ('\m' || t.folded || '\M')
  );
$$;
revoke all on function private.mentions_crisis(text) from public, anon, authenticated, service_role;
comment on function private.mentions_crisis(text) is 'True when the folded text holds a reviewed phrase about suicide or self-harm (whole words).';

-- Security definer: reads private.crisis_terms, which no API role may. A step of the chismes
-- and comments pipelines: the row's crisis flag comes from its own text (a client cannot set it).
create or replace function private.flag_crisis_content(p_text text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  return private.mentions_crisis(p_text);
end;
$$;
revoke all on function private.flag_crisis_content(text) from public, anon, authenticated, service_role;
comment on function private.flag_crisis_content(text) is 'Write step: whether a new chisme''s or comment''s text mentions suicide or self-harm (security definer: the reviewed terms are private).';
