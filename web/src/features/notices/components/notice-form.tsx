// The notice form of a person who is not signed in (docs/decisions/0035-notice-and-action.md):
// reached from a shared link, it never shows the content (neither anonymity nor the adults-only
// rule is weakened) and answers alike for any id. A reason from the list, an explanation and an
// address; the database mails a confirmation link, and nothing reaches a moderator before it is
// followed.
import { Alert, Button, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import useSWR from 'swr';
import { titles } from '../../../i18n/es/titles';
import { notices as texts } from '../../../i18n/es/notices';
import { errorMessage } from '../../../lib/api-error';
import { reportReasonsKey } from '../../../lib/report-reasons';
import { type NoticeKind, submitNotice } from '../api/notices-api';
import { getReportReasons } from '../api/report-reasons';
import { validateNotice } from '../utils/validate-notice';

export function NoticeForm({ kind, id }: { kind: NoticeKind; id: string }) {
  const reasons = useSWR(reportReasonsKey, getReportReasons);
  const [reason, setReason] = useState('');
  const [explanation, setExplanation] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof validateNotice>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${sentTo ? texts.sent.title : texts.form.title} · ${titles.brand}`;
  }, [sentTo]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateNotice({ reason, explanation, email });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await submitNotice(kind, id, reason, explanation.trim(), email.trim());
      setSentTo(email.trim());
    } catch (error) {
      setFailure(errorMessage(error, texts.form.failed));
    } finally {
      setSending(false);
    }
  }

  if (sentTo) {
    return (
      <Stack gap="md" mt="md" data-testid="notice-sent">
        <Title order={1} size="h2">
          {texts.sent.title}
        </Title>
        <Text role="status">{texts.sent.body(sentTo)}</Text>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="notice-title" data-testid="notice-form">
      <Stack gap="md" mt="md">
        <Title order={1} size="h2" id="notice-title">
          {texts.form.title}
        </Title>
        <Text>{texts.form.intro[kind]}</Text>
        {reasons.error ? <Alert color="red">{texts.form.reasonsError}</Alert> : null}
        <Radio.Group label={texts.form.reason} value={reason} onChange={setReason} withAsterisk error={errors.reason}>
          <Stack gap="xs" mt="xs">
            {(reasons.data ?? []).map((r) => (
              <Radio key={r.code} value={r.code} label={r.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={texts.form.explanation}
          description={texts.form.explanationHint}
          value={explanation}
          onChange={(event) => setExplanation(event.currentTarget.value)}
          error={errors.explanation}
          autosize
          minRows={3}
          maxLength={2000}
          withAsterisk
        />
        <TextInput
          type="email"
          label={texts.form.email}
          description={texts.form.emailHint}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={errors.email}
          autoComplete="email"
          withAsterisk
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={sending} disabled={!reasons.data}>
          {texts.form.submit}
        </Button>
      </Stack>
    </form>
  );
}
