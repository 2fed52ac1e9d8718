// Rows shaped like docs/api.md for component tests.
import type { AppNotification, FeedChisme, ThreadComment } from '../types/api';

export function aChisme(overrides: Partial<FeedChisme> = {}): FeedChisme {
  return {
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
    ...overrides,
  };
}

export function aComment(overrides: Partial<ThreadComment> = {}): ThreadComment {
  return {
    id: 'm-1',
    chisme_id: 'c-1',
    parent_id: null,
    depth: 1,
    gender: 'Hombre',
    country: 'España',
    years: 30,
    content: 'Un comentario',
    report: 0,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    is_mine: false,
    is_chisme_author: false,
    commenter_number: 1,
    ...overrides,
  };
}

export function aNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: 'n-1',
    user_id: 'u-1',
    type: 'comment_on_chisme',
    message: 'Alguien comentó tu chisme',
    data: { chismeId: 'c-1', snippet: 'Mi vecina…' },
    unique_id: null,
    is_read: false,
    created_at: new Date().toISOString(),
    ...overrides,
  };
}
