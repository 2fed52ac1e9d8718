// A chisme's realtime group topic, `chismes:<mode>:<bucket>`: its live counts, image state and
// moderation state arrive there (docs/api.md "Realtime"). The bucket is the five-minute slice
// of created_at; the database names the same topic (private.chisme_topic in
// supabase/schemas/80-realtime.sql): keep both alike.
export const BUCKET_SECONDS = 300;

export function chismeTopic(cotilleo: boolean, createdAt: string): string {
  const bucket = Math.floor(Date.parse(createdAt) / 1000 / BUCKET_SECONDS);
  return `chismes:${cotilleo ? 'cotilleo' : 'casual'}:${bucket}`;
}

/** Payload of `chisme_counts`: the latest counts of the group's changed chismes, and the news
 * of chismes new in the mode since the last flush (ids newest first, at most 50; no content). */
export type GroupCounts = {
  counts: { id: string; likes: number; comments: number }[];
  created?: { count: number; ids: string[]; newest: string };
};
