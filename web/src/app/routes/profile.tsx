// /profile/ and /notifications/: one screen, two tabs. The notifications panel is its own chunk
// (it needs supabase-js), so "Mis Chismes" renders without it.
import { Loader, Stack, Tabs } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { HiddenChismeNotice } from '../../features/decisions/components/hidden-chisme-notice';
import { RemovedContentNotice } from '../../features/decisions/components/removed-content-notice';
import { ChismeCard } from '../../features/chisme/components/chisme-card';
import { ChismeSubject } from '../../features/chisme/components/chisme-subject';
import { MyChismes } from '../../features/profile/components/my-chismes';
import { useCotilleoMode } from '../../hooks/use-cotilleo-mode';
import { common } from '../../i18n/es/common';
import { profile } from '../../i18n/es/profile';
import { useSession } from '../../lib/auth';

const NotificationsPanel = lazy(() => import('../../features/notifications/components/notifications-panel').then((m) => ({ default: m.NotificationsPanel })));
// "Avísame aunque Chismes esté cerrado" above the list (features/push; it needs supabase-js too)
const PushOffer = lazy(() => import('../../features/push/components/push-offer').then((m) => ({ default: m.PushOffer })));

type Tab = 'chismes' | 'notifications';

export function ProfileRoute({ initialTab }: { initialTab: Tab }) {
  const session = useSession();
  const navigate = useNavigate();
  const [cotilleo] = useCotilleoMode();
  if (session.status !== 'signed-in') return null;
  return (
    <Tabs value={initialTab} onChange={(tab) => navigate(tab === 'notifications' ? paths.notifications : paths.profile)} keepMounted={false}>
      <Tabs.List aria-label={profile.tabsLabel} grow mb="md">
        <Tabs.Tab value="chismes">{profile.myChismes}</Tabs.Tab>
        <Tabs.Tab value="notifications">{profile.notifications}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="chismes">
        <Stack gap="md">
          <RemovedContentNotice userId={session.user.id} />
          <MyChismes
            userId={session.user.id}
            cotilleo={cotilleo}
            renderChisme={(chisme) => (
              <>
                <ChismeCard chisme={chisme} showImageButton={cotilleo} />
                <HiddenChismeNotice userId={session.user.id} chismeId={chisme.id} />
              </>
            )}
          />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="notifications">
        <Suspense fallback={<Loader size="sm" role="status" aria-label={common.loading} />}>
          <Stack gap="md">
            <PushOffer userId={session.user.id} />
            <NotificationsPanel userId={session.user.id} renderSubject={(chismeId) => <ChismeSubject chismeId={chismeId} />} />
          </Stack>
        </Suspense>
      </Tabs.Panel>
    </Tabs>
  );
}
