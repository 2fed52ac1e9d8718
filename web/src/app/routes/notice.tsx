// /denunciar/:kind/:id: the signed-out notice form (features/notices). Public: a shared link's
// visitor reaches it from the sign-in screen. Signed in, the report dialog is the way.
import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { NoticeForm } from '../../features/notices/components/notice-form';
import { notices as texts } from '../../i18n/es/notices';
import { useSession } from '../../lib/auth';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function NoticeRoute() {
  const { kind, id = '' } = useParams();
  const session = useSession();
  const noticeKind = kind === paths.noticeKinds.chisme ? 'chisme' : kind === paths.noticeKinds.comment ? 'comment' : null;
  // a malformed link is told apart by its shape alone: nothing is asked about the id
  if (!noticeKind || !UUID.test(id)) return <Text mt="md">{texts.form.invalidLink}</Text>;
  if (session.status === 'signed-in') {
    return (
      <Stack mt="md">
        <Text>{texts.form.signedIn}</Text>
        {noticeKind === 'chisme' ? (
          <Anchor component={Link} to={paths.chisme(id)}>
            {texts.form.backToChisme}
          </Anchor>
        ) : null}
      </Stack>
    );
  }
  return <NoticeForm kind={noticeKind} id={id} />;
}
