// The badge shows at most "99+" (a count past 99 tells nothing more at a glance).
export function unreadBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}
