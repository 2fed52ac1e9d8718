// Where a notice's confirmation mail lands (/confirmar-denuncia#<token>): the token travels in
// the fragment, so no server log or Referer carries it; the page confirms it once and says so.
import { Alert, Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { notices as texts } from '../../../i18n/es/notices';
import { titles } from '../../../i18n/es/titles';
import { errorMessage } from '../../../lib/api-error';
import { confirmNotice } from '../api/notices-api';

type State = { step: 'working' } | { step: 'done' } | { step: 'failed'; message: string };

export function NoticeConfirm({ token }: { token: string }) {
  const [state, setState] = useState<State>({ step: 'working' });
  const started = useRef(false);

  const confirm = useCallback(async () => {
    setState({ step: 'working' });
    try {
      await confirmNotice(token);
      setState({ step: 'done' });
    } catch (error) {
      setState({ step: 'failed', message: errorMessage(error, texts.confirm.failed) });
    }
  }, [token]);

  useEffect(() => {
    document.title = `${texts.confirm.title} · ${titles.brand}`;
    // once per page: a development re-run of effects must not spend the link twice
    if (started.current) return;
    started.current = true;
    void confirm();
  }, [confirm]);

  return (
    <Stack gap="md" mt="md" data-testid="notice-confirm" data-step={state.step}>
      <Title order={1} size="h2">
        {state.step === 'done' ? texts.confirm.done : texts.confirm.title}
      </Title>
      {state.step === 'working' ? (
        <Stack align="center" role="status" aria-live="polite">
          <Loader aria-hidden="true" />
          <Text>{texts.confirm.working}</Text>
        </Stack>
      ) : null}
      {state.step === 'done' ? <Text role="status">{texts.confirm.doneBody}</Text> : null}
      {state.step === 'failed' ? (
        <>
          <Alert color="red" role="alert">
            {state.message}
          </Alert>
          <Button variant="light" onClick={() => void confirm()} style={{ alignSelf: 'flex-start' }}>
            {texts.confirm.retry}
          </Button>
        </>
      ) : null}
      <Anchor component={Link} to={paths.home}>
        {texts.confirm.home}
      </Anchor>
    </Stack>
  );
}
