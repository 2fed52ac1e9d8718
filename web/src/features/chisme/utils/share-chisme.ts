// Share a chisme's link: the platform share sheet where there is one (phones), else the
// clipboard. Resolves to what happened so the caller can say it.
export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

type ShareNavigator = Pick<Navigator, 'share' | 'canShare' | 'clipboard'>;

export async function shareLink(data: { url: string; title: string }, nav: Partial<ShareNavigator> = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function' && (nav.canShare?.(data) ?? true)) {
    try {
      await nav.share(data);
      return 'shared';
    } catch (error) {
      // Closing the sheet is not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (!nav.clipboard) return 'failed';
    await nav.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
