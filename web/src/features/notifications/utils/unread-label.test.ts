import { describe, expect, it } from 'vitest';
import { unreadBadge } from './unread-label';

describe('unreadBadge', () => {
  it('shows the exact count up to 99 and "99+" past it', () => {
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(unreadBadge(2500)).toBe('99+');
  });
});
