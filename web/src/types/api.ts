// Row shapes of docs/api.md as the app uses them. The generated `lib/database.ts` types the
// Supabase calls; these names keep components independent of the generator's nesting.
export type Gender = 'Hombre' | 'Mujer' | 'Prefiero no decirlo';

export type FeedChisme = {
  id: string;
  gender: string;
  years: number;
  country: string;
  tags: string[];
  content: string;
  cotilleo: boolean;
  likes: number;
  comments: number;
  report: number;
  file_exist: boolean;
  created_at: string;
  updated_at: string;
  is_mine: boolean;
  liked_by_me: boolean;
  image_viewable: boolean;
  /** The text mentions suicide or self-harm: the "¿Necesitas hablar?" link (features/crisis). */
  crisis?: boolean;
};

export type ThreadComment = {
  id: string;
  chisme_id: string;
  parent_id: string | null;
  depth: number;
  gender: string;
  country: string;
  years: number;
  content: string;
  report: number;
  created_at: string;
  updated_at: string;
  is_mine: boolean;
  is_chisme_author: boolean;
  commenter_number: number;
  /** A blocked author's comment kept as "Comentario oculto" above replies the caller sees
   * (no text and no author details then). */
  is_hidden?: boolean;
  /** As FeedChisme.crisis. */
  crisis?: boolean;
};

export type NotificationType = 'comment_on_chisme' | 'reply_to_comment' | 'like_on_chisme' | 'moderation_decision';

export type AppNotification = {
  id: string;
  user_id: string;
  type: NotificationType;
  message: string;
  data: { chismeId?: string; commentId?: string; snippet?: string } | null;
  unique_id: string | null;
  is_read: boolean;
  created_at: string;
};

export type ChismeCounts = { id: string; likes: number; comments: number };
/** Payload of `chisme_image`: the chisme's image was stored (or removed). */
export type ChismeImage = { id: string; file_exist: boolean; image_viewable: boolean };

/** Filter object of spec section 3; each field null when unset. */
export type FeedFilters = {
  gender: Gender | null;
  country: string | null;
  yearsFrom: number | null;
  yearsTo: number | null;
  tags: string[] | null;
};

export const emptyFilters: FeedFilters = {
  gender: null,
  country: null,
  yearsFrom: null,
  yearsTo: null,
  tags: null,
};
