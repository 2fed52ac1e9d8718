// The comment form: reply banner, content with a 400 counter, gender and age. Memoised: the
// thread around it re-renders with every answer for its comments (comment-thread.tsx).
import { Alert, Button, CloseButton, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { memo } from 'react';
import { limits } from '../../../config/limits';
import { useFirstErrorForm } from '../../../hooks/use-first-error-form';
import { usePersonalDataWarning } from '../../../hooks/use-personal-data-warning';
import { visibleLength } from '../../../lib/text-rules';
import { chisme } from '../../../i18n/es/chisme';
import { comments as texts } from '../../../i18n/es/comments';
import type { NewComment } from '../api/add-comment';
import { replySnippet, type CommentNode } from '../utils/build-thread';
import { validateComment, type CommentFields } from '../utils/validate-comment';

const genders = [chisme.gender.male, chisme.gender.female, chisme.gender.none];

export type CommentFormProps = {
  chismeId: string;
  cotilleo: boolean;
  country: string | null;
  replyTo: CommentNode | null;
  onCancelReply: () => void;
  onSend: (input: NewComment) => Promise<boolean>;
  sending: boolean;
};

export const CommentForm = memo(function CommentForm({ chismeId, cotilleo, country, replyTo, onCancelReply, onSend, sending }: CommentFormProps) {
  // Gender and age are remembered between comments and posts (same keys as the new-post dialog).
  const [gender, setGender] = useLocalStorage<string | null>({ key: 'genero', defaultValue: null, getInitialValueInEffect: false });
  const [age, setAge] = useLocalStorage<string>({ key: 'edad', defaultValue: '', getInitialValueInEffect: false });
  const { form, formError, onSubmit } = useFirstErrorForm<CommentFields>({
    name: 'comment',
    initialValues: { content: '', gender, age },
    validate: (values) => validateComment({ ...values, country }, cotilleo),
    onValuesChange: (values) => {
      setGender(values.gender);
      setAge(values.age);
    },
  });
  const personalDataWarning = usePersonalDataWarning(form.values.content);

  async function submit(values: CommentFields) {
    if (!values.gender || !country) return;
    const sent = await onSend({
      chismeId,
      parentId: replyTo?.id ?? null,
      content: values.content.trim(),
      gender: values.gender,
      years: Number(values.age),
      country,
    });
    if (sent) {
      form.setFieldValue('content', '');
      onCancelReply();
    }
  }

  return (
    <form onSubmit={onSubmit(submit)} noValidate>
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
          {...form.getInputProps('content')}
          description={`${visibleLength(form.values.content)}/${limits.commentContentMax}`}
          error={form.errors.content ?? personalDataWarning}
        />
        {/* Side by side from xs up; stacked on a phone, where half a row cut the gender placeholder. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={chisme.gender.label}
            placeholder={chisme.gender.placeholder}
            data={genders}
            {...form.getInputProps('gender')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            label={texts.age}
            inputMode="numeric"
            maxLength={limits.ageDigits}
            {...form.getInputProps('age')}
            onChange={(e) => form.setFieldValue('age', e.currentTarget.value.replace(/\D/g, '').slice(0, 2))}
          />
        </SimpleGrid>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Button type="submit" disabled={sending}>
          {sending ? texts.submitting : texts.submit}
        </Button>
      </Stack>
    </form>
  );
});
