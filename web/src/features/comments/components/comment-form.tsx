// The comment form: reply banner, content with a 400 counter, gender and age.
import { Alert, Button, CloseButton, Group, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { limits } from '../../../config/limits';
import { usePersonalDataWarning } from '../../../hooks/use-personal-data-warning';
import { visibleLength } from '../../../lib/text-rules';
import { chisme } from '../../../i18n/es/chisme';
import { comments as texts } from '../../../i18n/es/comments';
import type { NewComment } from '../api/add-comment';
import { replySnippet, type CommentNode } from '../utils/build-thread';
import { validateComment } from '../utils/validate-comment';

const genders = [chisme.gender.male, chisme.gender.female, chisme.gender.none];

type Props = {
  chismeId: string;
  cotilleo: boolean;
  country: string | null;
  replyTo: CommentNode | null;
  onCancelReply: () => void;
  onSend: (input: NewComment) => Promise<boolean>;
  sending: boolean;
};

export function CommentForm({ chismeId, cotilleo, country, replyTo, onCancelReply, onSend, sending }: Props) {
  const [gender, setGender] = useLocalStorage<string | null>({ key: 'genero', defaultValue: null, getInitialValueInEffect: false });
  const [age, setAge] = useLocalStorage<string>({ key: 'edad', defaultValue: '', getInitialValueInEffect: false });
  const [content, setContent] = useState('');
  const personalDataWarning = usePersonalDataWarning(content);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateComment({ content, gender, age, country }, cotilleo);
    setError(invalid);
    if (invalid || !gender || !country) return;
    const sent = await onSend({ chismeId, parentId: replyTo?.id ?? null, content: content.trim(), gender, years: Number(age), country });
    if (sent) {
      setContent('');
      onCancelReply();
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        {replyTo && (
          <Paper withBorder p="xs" bg="var(--mantine-color-default-hover)">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="reply-banner">
                {texts.replyingTo(replySnippet(replyTo.content))}
              </Text>
              <CloseButton aria-label={texts.cancelReply} onClick={onCancelReply} />
            </Group>
          </Paper>
        )}
        <Textarea
          label={texts.content}
          placeholder={texts.contentPlaceholder}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={limits.commentContentMax}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
          description={`${visibleLength(content)}/${limits.commentContentMax}`}
          error={personalDataWarning}
        />
        <Group grow align="flex-start">
          <Select label={chisme.gender.label} placeholder={chisme.gender.placeholder} data={genders} value={gender} onChange={setGender} allowDeselect={false} comboboxProps={{ withinPortal: false }} />
          <TextInput label={texts.age} inputMode="numeric" maxLength={limits.ageDigits} value={age} onChange={(e) => setAge(e.currentTarget.value.replace(/\D/g, '').slice(0, 2))} />
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" disabled={sending}>
          {sending ? texts.submitting : texts.submit}
        </Button>
      </Stack>
    </form>
  );
}
