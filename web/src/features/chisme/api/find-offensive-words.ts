// The list words a text contains, for the warning before submitting (casual mode). A read: over
// GET (docs/api.md, "Reads over GET").
import { getArgs } from '../../../lib/get-args';
import { rpc } from '../../../lib/rpc';

export async function findOffensiveWords(text: string): Promise<string[]> {
  return (await rpc('find_offensive_words', getArgs({ p_text: text }), { get: true })) ?? [];
}
