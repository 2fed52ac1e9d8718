// The shared rule corpus (supabase/tests/corpus/text-rules.json), read here and by pgTAP 007-text-rules-corpus:
// the web's warning must give every text the answer the database gives, so they cannot drift
// apart. The web judges personal data itself (lib/text-rules); its offensive-word warning asks
// the database (find_offensive_words), so for those texts it must only not claim personal data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findPersonalData, normalizeText } from './text-rules';

type Entry = { text: string; expect: 'offensive' | 'email' | 'phone' | 'link' | 'handle' | null; why: string };
type Corpus = { invisible: string[]; entries: Entry[] };

const corpus = JSON.parse(
  // Vitest runs from web/ (jsdom's import.meta.url is not a file URL).
  readFileSync(join(process.cwd(), '..', 'supabase', 'tests', 'corpus', 'text-rules.json'), 'utf8'),
) as Corpus;

function webAnswer(text: string): string | null {
  return findPersonalData(text);
}

describe('the shared rule corpus', () => {
  it('is loaded, with at least 200 ordinary sentences with numbers', () => {
    expect(corpus.entries.length).toBeGreaterThan(300);
    expect(corpus.entries.filter((entry) => entry.why === 'ordinary sentence with numbers' && entry.expect === null).length).toBeGreaterThanOrEqual(200);
  });

  it('gives every entry the personal-data answer the database gives', () => {
    const differing = corpus.entries
      .map((entry) => ({ ...entry, web: webAnswer(entry.text), database: entry.expect === 'offensive' ? null : entry.expect }))
      .filter((entry) => entry.web !== entry.database)
      .map(({ text, why, web, database }) => ({ text, why, web, database }));
    expect(differing).toEqual([]);
  });

  it('removes exactly the invisible characters of the corpus (the database checks the same list)', () => {
    const listed = new Set(corpus.invisible.map((hex) => Number.parseInt(hex, 16)));
    const removed: number[] = [];
    for (let code = 1; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      if (code === 0x200d) continue; // the zero-width joiner: removed except inside emoji sequences
      if (normalizeText(`a${String.fromCharCode(code)}b`) === 'ab') removed.push(code);
    }
    expect(removed.map((code) => code.toString(16).toUpperCase().padStart(4, '0'))).toEqual(
      [...listed].sort((a, b) => a - b).map((code) => code.toString(16).toUpperCase().padStart(4, '0')),
    );
  });
});
