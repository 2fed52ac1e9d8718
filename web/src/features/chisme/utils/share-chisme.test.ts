import { describe, expect, it, vi } from 'vitest';
import { shareLink } from './share-chisme';

const data = { url: 'https://chismes.app/chismes/abc', title: 'Un chisme en Chismes' };

describe('shareLink', () => {
  it('uses the platform share sheet when there is one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const writeText = vi.fn();
    expect(await shareLink(data, { share, clipboard: { writeText } as never })).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('treats closing the sheet as cancelled, not as a failure', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError'));
    expect(await shareLink(data, { share })).toBe('cancelled');
  });

  it('copies the link when there is no share sheet or the data cannot be shared', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await shareLink(data, { clipboard: { writeText } as never })).toBe('copied');
    expect(await shareLink(data, { share: vi.fn(), canShare: () => false, clipboard: { writeText } as never })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(data.url);
  });

  it('fails when neither works', async () => {
    expect(await shareLink(data, {})).toBe('failed');
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    expect(await shareLink(data, { clipboard: { writeText } as never })).toBe('failed');
  });
});
