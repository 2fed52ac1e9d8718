// /confirmar-denuncia#<token>: the page a notice's confirmation mail opens (features/notices).
import { Text } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { NoticeConfirm } from '../../features/notices/components/notice-confirm';
import { notices as texts } from '../../i18n/es/notices';

export function NoticeConfirmRoute() {
  const token = useLocation().hash.replace(/^#/, '');
  if (!/^[0-9a-f]{64}$/.test(token)) return <Text mt="md">{texts.confirm.failed}</Text>;
  return <NoticeConfirm token={token} />;
}
