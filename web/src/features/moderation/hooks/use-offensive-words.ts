// The offensive-word list with the moderator's add and remove.
import useSWR from 'swr';
import { addOffensiveWord, deleteOffensiveWord, getOffensiveWords } from '../api/moderation-api';
import { moderationKeys } from '../api/moderation-keys';

export function useOffensiveWords() {
  const swr = useSWR(moderationKeys.words, getOffensiveWords);
  return {
    words: swr.data ?? [],
    isLoading: swr.isLoading,
    add: async (word: string) => {
      await addOffensiveWord(word);
      await swr.mutate();
    },
    remove: async (word: string) => {
      await deleteOffensiveWord(word);
      await swr.mutate();
    },
  };
}
