// SWR keys of a chisme's comments, apart from the fetchers so a screen can name them without
// loading supabase-js.
export type CommentsCursor = { createdAt: string; id: string };

export const commentKeys = {
  page: (chismeId: string, cursor: CommentsCursor | null) => ['comments', chismeId, cursor] as const,
};
