// The web's warning and the database's rule, side by side on the running stack: every entry of
// the shared rule corpus (supabase/tests/corpus/text-rules.json) gets the same answer from the
// web's own check (web/src/lib/text-rules.ts) as from the database through the API
// (find_personal_data and find_offensive_words, as a signed-in user, over PostgREST). pgTAP 007-text-rules-corpus
// and the web's corpus test compare each side with the corpus' expected answer; this test
// compares the two sides directly.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { findPersonalData } from '../../web/src/lib/text-rules.ts';
import { signedInUser } from './helpers.ts';

type Entry = { text: string; expect: string | null; why: string };
const corpus = JSON.parse(readFileSync(new URL('../../supabase/tests/corpus/text-rules.json', import.meta.url), 'utf8')) as { entries: Entry[] };

describe('text rules: the web and the database agree on the shared corpus', () => {
  test('every entry: same personal-data answer, and the expected word-filter answer', async () => {
    const { client } = await signedInUser('corpus');
    const differing: unknown[] = [];
    for (let start = 0; start < corpus.entries.length; start += 20) {
      await Promise.all(
        corpus.entries.slice(start, start + 20).map(async (entry) => {
          const personal = await client.rpc('find_personal_data', { p_text: entry.text });
          const words = await client.rpc('find_offensive_words', { p_text: entry.text });
          assert.equal(personal.error, null);
          assert.equal(words.error, null);
          const database = (personal.data as string | null) ?? ((words.data as string[]).length > 0 ? 'offensive' : null);
          // The web judges personal data itself; its word warning is the database's answer.
          const web = findPersonalData(entry.text) ?? ((words.data as string[]).length > 0 ? 'offensive' : null);
          if (web !== database || database !== entry.expect) differing.push({ text: entry.text, why: entry.why, web, database, expected: entry.expect });
        }),
      );
    }
    assert.deepEqual(differing, []);
  });
});
