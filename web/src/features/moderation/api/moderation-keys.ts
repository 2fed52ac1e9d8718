// SWR keys of the moderation feature.
export const moderationKeys = {
  queue: ['moderation', 'queue'] as const,
  words: ['moderation', 'words'] as const,
};
