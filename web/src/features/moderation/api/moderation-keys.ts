// SWR keys of the moderation feature.
import type { QueueCursor } from './queue-cursor';

export const moderationKeys = {
  /** One page of the queue: the first (cursor null) or the one after `cursor`. */
  queuePage: (cursor: QueueCursor | null) => ['moderation', 'queue', cursor] as const,
  words: ['moderation', 'words'] as const,
  complaints: ['moderation', 'complaints'] as const,
};
