// SWR keys of a chisme and its comments, apart from the fetchers so a screen can name them
// without loading supabase-js (a shared link renders its chisme before it, ./get-chisme.ts).
export type CommentsCursor = { createdAt: string; id: string };

export const commentKeys = {
  page: (chismeId: string, cursor: CommentsCursor | null) => ['comments', chismeId, cursor] as const,
  chisme: (chismeId: string) => ['comments-chisme', chismeId] as const,
};
