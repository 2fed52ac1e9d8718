// Rows shaped like docs/api.md for component tests. The chisme and comment rows pass through the
// same checks as the database's answers (lib/answer-shape.ts), so a fixture is always a row the
// app could receive.
import type { AppNotification } from '../lib/app-notification';
import { expectFeedChisme, type FeedChisme } from '../lib/feed-chisme';
import { expectThreadComment, type ThreadComment } from '../lib/thread-comment';

export function aChisme(overrides: Partial<FeedChisme> = {}): FeedChisme {
  return expectFeedChisme(
    {
      id: 'c-1',
      gender: 'Mujer',
      years: 25,
      country: 'Chile',
      tags: ['#amor'],
      content: 'Mi vecina tiene un secreto',
      cotilleo: false,
      likes: 3,
      comments: 1,
      report: 0,
      file_exist: false,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      is_mine: false,
      liked_by_me: false,
      image_viewable: false,
      crisis: false,
      is_deleted: false,
      ...overrides,
    },
    'aChisme',
  );
}

/** A comment; with `is_hidden: true` the "Comentario oculto" placeholder, with `is_deleted: true`
 *  the "Comentario eliminado" one (no author details). */
export function aComment(overrides: Partial<ThreadComment> = {}): ThreadComment {
  const author =
    overrides.is_hidden || overrides.is_deleted
      ? { gender: null, country: null, years: null, commenter_number: null }
      : { gender: 'Hombre', country: 'España', years: 30, commenter_number: 1 };
  return expectThreadComment(
    {
      id: 'm-1',
      chisme_id: 'c-1',
      parent_id: null,
      depth: 1,
      ...author,
      content: 'Un comentario',
      report: 0,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      is_mine: false,
      is_chisme_author: false,
      is_hidden: false,
      is_deleted: false,
      crisis: false,
      ...overrides,
    },
    'aComment',
  );
}

export function aNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: 'n-1',
    user_id: 'u-1',
    type: 'comment_on_chisme',
    message: 'Alguien comentó tu chisme',
    data: { chismeId: 'c-1', snippet: 'Mi vecina…' },
    unique_id: null,
    group_key: null,
    senders: 1,
    is_read: false,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}
