// The header's bell: the live unread count ("99+" past 99), opening the notifications tab.
// A Badge over the icon rather than Mantine's Indicator, whose stylesheet the app does not load
// (app/mantine-styles.ts).
import { ActionIcon, Badge, Box } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { notifications as texts } from '../../../i18n/es/notifications';
import { useUnreadCount } from '../hooks/use-unread-count';
import { unreadBadge } from '../utils/unread-label';

export function NotificationsBell({ userId }: { userId: string }) {
  const unread = useUnreadCount(userId) ?? 0;
  return (
    <Box pos="relative">
      <ActionIcon
        component={Link}
        to={paths.notifications}
        variant="subtle"
        size="lg"
        aria-label={unread > 0 ? texts.bellUnread(unread) : texts.bell}
        data-testid="notifications-bell"
      >
        <IconBell size={22} aria-hidden />
      </ActionIcon>
      {unread > 0 && (
        <Badge
          size="xs"
          color="red.9"
          circle={unread < 10}
          pos="absolute"
          top={-4}
          right={-6}
          style={{ pointerEvents: 'none' }}
          aria-hidden
          data-testid="unread-badge"
        >
          {unreadBadge(unread)}
        </Badge>
      )}
    </Box>
  );
}
