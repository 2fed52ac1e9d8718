// Placeholder cards in the shape of a chisme card while a feed or a chisme loads: the layout
// does not jump when the rows arrive, and it reads as content coming rather than a spinner.
import { Card, Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

function SkeletonCard() {
  return (
    <Card withBorder padding="md" style={{ borderLeft: '4px solid var(--mantine-color-default-border)' }} data-testid="chisme-skeleton">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Skeleton height={20} width={64} radius="xl" />
            <Skeleton height={14} width={48} />
            <Skeleton height={14} width={22} />
          </Group>
          <Skeleton height={12} width={60} />
        </Group>
        <Skeleton height={14} />
        <Skeleton height={14} width="85%" />
        <Skeleton height={14} width="60%" />
        <Group gap="xs" mt={4}>
          <Skeleton height={22} width={48} />
          <Skeleton height={22} width={48} />
        </Group>
      </Stack>
    </Card>
  );
}

/** `count` skeleton cards announced once as loading (the cards themselves are hidden from AT). */
export function ChismeCardSkeleton({ count = 1, label }: { count?: number; label?: string }) {
  return (
    <Stack gap="md" role="status" aria-busy="true">
      {label && <VisuallyHidden>{label}</VisuallyHidden>}
      <Stack gap="md" aria-hidden>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder.
          <SkeletonCard key={index} />
        ))}
      </Stack>
    </Stack>
  );
}
