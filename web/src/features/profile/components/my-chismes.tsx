// "Mis Chismes": count text, empty state, and the caller's own chismes of the current mode.
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChismeCardSkeleton } from '../../../components/chisme-card-skeleton';
import { common } from '../../../i18n/es/common';
import { profile } from '../../../i18n/es/profile';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { useMyChismes } from '../hooks/use-my-chismes';

type Props = { userId: string; cotilleo: boolean; renderChisme: (chisme: FeedChisme) => ReactNode };

export function MyChismes({ userId, cotilleo, renderChisme }: Props) {
  const { data, error, isLoading } = useMyChismes(userId, cotilleo);
  if (isLoading) return <ChismeCardSkeleton count={2} label={common.loading} />;
  if (error) {
    return (
      <Text c="red" role="alert">
        {profile.loadError}
      </Text>
    );
  }
  const chismes = data ?? [];
  return (
    <Stack gap="md">
      <Text fw={600}>{profile.chismesCount(chismes.length, cotilleo)}</Text>
      {chismes.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          {profile.noChismes}
        </Text>
      ) : (
        <Stack component="ul" gap="md" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {chismes.map((chisme) => (
            <li key={chisme.id}>{renderChisme(chisme)}</li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
