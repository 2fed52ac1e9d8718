// The offensive-word list: add (trimmed and lower-cased by the database) and remove. Empty is
// said only once the list has loaded.
import { ActionIcon, Badge, Button, Group, Loader, Stack, TextInput, Title, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { moderation as texts } from '../../../i18n/es/moderation';
import { toast } from '../../../lib/toast';
import { useOffensiveWords } from '../hooks/use-offensive-words';

export function WordList() {
  const { words, isLoading, add, remove } = useOffensiveWords();
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!word.trim()) return;
    setPending(true);
    setError(null);
    try {
      await add(word);
      setWord('');
      toast.success(texts.words.added);
    } catch (failure) {
      setError(errorMessage(failure, texts.words.failed));
    } finally {
      setPending(false);
    }
  }

  async function drop(target: string) {
    try {
      await remove(target);
      toast.success(texts.words.removed);
    } catch (failure) {
      toast.error(errorMessage(failure, texts.words.failed));
    }
  }

  return (
    <Stack gap="sm">
      <Title order={3}>{texts.words.title}</Title>
      <form onSubmit={(event) => void submit(event)}>
        <Group align="flex-start">
          <TextInput label={texts.words.label} value={word} onChange={(event) => setWord(event.currentTarget.value)} error={error} maxLength={100} />
          <Button type="submit" mt={24} loading={pending}>
            {texts.words.add}
          </Button>
        </Group>
      </form>
      {isLoading ? (
        <Loader size="sm" role="status" aria-label={texts.words.loading} />
      ) : words.length === 0 ? (
        <Text c="dimmed">{texts.words.empty}</Text>
      ) : (
        <Group gap="xs" data-testid="offensive-words">
          {words.map((w) => (
            <Badge
              key={w.id}
              variant="light"
              rightSection={
                <ActionIcon size="xs" variant="transparent" aria-label={texts.words.remove(w.word)} onClick={() => void drop(w.word)}>
                  <IconX size={12} aria-hidden />
                </ActionIcon>
              }
            >
              {w.word}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
