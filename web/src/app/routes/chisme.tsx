// /chismes/:id — one chisme and its comments, the link "Compartir" gives. Unknown, malformed or
// hidden ids get the same Spanish not-found (the database answers null for hidden ones). Its
// counts and image state are live (use-chisme-realtime). The chisme is the first screen: the
// thread (its form) loads after it has painted, and the live updates (supabase-js's realtime
// client) after the thread has mounted and the main thread has been idle, each its own chunk
// and its own task (lib/after-first-content.ts; bench/HISTORY.md, "Cold first visit on a phone").
// A chisme its author deleted after others commented (is_deleted) shows "Chisme eliminado" above
// their comments, with no form and no live updates (docs/decisions/0034-deletion-keeps-others-words.md).
import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ChismeCard } from '../../features/chisme/components/chisme-card';
import { useChisme } from '../../features/chisme/hooks/use-chisme';
import { useRefreshChismeCounts } from '../../features/chisme/hooks/use-refresh-chisme-counts';
import { useAfterFirstContent, useIdleAfter } from '../../lib/after-first-content';
import { useDetectedCountry } from '../../features/country/hooks/use-detected-country';
import { chisme as texts } from '../../i18n/es/chisme';
import { common } from '../../i18n/es/common';
import { ChismeCardSkeleton } from '../../components/chisme-card-skeleton';
import { ApiError } from '../../lib/api-error';

const CommentThread = lazy(() => import('../../features/comments/components/comment-thread').then((m) => ({ default: m.CommentThread })));
// The form one idle moment after the thread's list, its own chunk (comment-thread.tsx).
// A chisme the caller cannot see: their own earlier comments there when they blocked its author.
const UnavailableThread = lazy(() => import('../../features/comments/components/comment-thread').then((m) => ({ default: m.UnavailableThread })));
// A deleted chisme's placeholder: the kept comments, no form.
const ClosedThread = lazy(() => import('../../features/comments/components/comment-thread').then((m) => ({ default: m.ClosedThread })));
const DeletedChisme = lazy(() => import('../../features/comments/components/comment-thread').then((m) => ({ default: m.DeletedChisme })));
const CommentForm = lazy(() => import('../../features/comments/components/comment-form').then((m) => ({ default: m.CommentForm })));
const ChismeLive = lazy(() => import('./chisme-live').then((m) => ({ default: m.ChismeLive })));

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ChismeRoute() {
  const { id = '' } = useParams();
  const valid = uuid.test(id);
  const { chisme, isLoading, error } = useChisme(valid ? id : null);
  const afterFirstContent = useAfterFirstContent();
  const country = useDetectedCountry(valid);
  const thread = useRef<HTMLDivElement>(null);
  const refreshCounts = useRefreshChismeCounts();
  // the thread one idle moment after the chisme has painted, rendered in a transition; the live
  // updates one idle moment after the thread has committed
  // the comments button pressed before the form has come: mount it now and focus it then
  const [formWanted, setFormWanted] = useState(false);
  const showThread = useIdleAfter(afterFirstContent) || formWanted;
  const [threadShown, setThreadShown] = useState(false);
  const live = useIdleAfter(threadShown);

  if (!valid || (!isLoading && !error && !chisme)) {
    return (
      <Stack align="center" py="xl" gap="sm" data-testid="chisme-not-found">
        <Text fw={600}>{texts.page.notFound}</Text>
        <Anchor component={Link} to={paths.feed.recent}>
          {texts.page.backToFeed}
        </Anchor>
        {valid && (
          <Suspense fallback={null}>
            <UnavailableThread chismeId={id} onChanged={refreshCounts} />
          </Suspense>
        )}
      </Stack>
    );
  }
  if (error instanceof ApiError && error.key === 'chisme_adults_only') {
    // adults only: a cotilleo link opened without the confirmation of being 18 or older
    return (
      <Stack align="center" py="xl" gap="sm" data-testid="chisme-adults-only">
        <Title order={1} size="h3">
          {texts.page.adultsOnlyTitle}
        </Title>
        <Text ta="center">{texts.page.adultsOnly}</Text>
        <Anchor component={Link} to={paths.feed.recent}>
          {texts.page.backToFeed}
        </Anchor>
      </Stack>
    );
  }
  if (error) {
    return (
      <Text c="red.8" role="alert" ta="center" py="xl">
        {texts.page.loadFailed}
      </Text>
    );
  }
  if (!chisme) return <ChismeCardSkeleton label={common.loading} />;
  if (chisme.is_deleted) {
    return (
      <Suspense fallback={<Loader size="sm" role="status" aria-label={common.loading} />}>
        <Stack gap="lg">
          <DeletedChisme />
          <Stack gap="sm">
            <Title order={2} size="h4">
              {texts.page.comments}
            </Title>
            <ClosedThread chismeId={chisme.id} onChanged={refreshCounts} />
          </Stack>
        </Stack>
      </Suspense>
    );
  }

  // The comments button moves to the thread below instead of opening the dialog.
  const toThread = () => {
    const box = thread.current?.querySelector('textarea');
    if (box) box.focus();
    else setFormWanted(true);
  };
  return (
    <Stack gap="lg">
      <ChismeCard chisme={chisme} showImageButton={chisme.cotilleo} onComments={toThread} />
      {live && (
        <Suspense fallback={null}>
          <ChismeLive chisme={chisme} />
        </Suspense>
      )}
      <Stack gap="sm" ref={thread}>
        <Title order={2} size="h4">
          {texts.page.comments}
        </Title>
        {showThread ? (
          <Suspense fallback={<Loader size="sm" role="status" aria-label={common.loading} />}>
            <CommentThread
              chismeId={chisme.id}
              cotilleo={chisme.cotilleo}
              country={country}
              onCommented={refreshCounts}
              Form={CommentForm}
              formAfterList
              focusForm={formWanted}
            />
            <Mounted onMount={setThreadShown} />
          </Suspense>
        ) : (
          <Loader size="sm" role="status" aria-label={common.loading} />
        )}
      </Stack>
    </Stack>
  );
}

/** Tells the route that the content of its Suspense boundary has committed. */
function Mounted({ onMount }: { onMount: (mounted: true) => void }) {
  useEffect(() => onMount(true), [onMount]);
  return null;
}
