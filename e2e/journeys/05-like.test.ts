// Journey 5: a second person likes; the count moves live for both, the author gets a live
// toast and an unread notification, the author cannot like, and unliking restores the count.
import { describe, expect, it } from 'vitest';
import { autoReadRecords, recordAutoRead } from '../support/auto-read.ts';
import { snap } from '../support/browser.ts';
import { card, publishNew, showNewChismes } from '../support/chismes.ts';
import { useBrowser } from '../support/journey.ts';
import { signedInPerson } from '../support/users.ts';

useBrowser();

describe('journey 5: like', () => {
  it('updates the count live for both, notifies the author, and unlike restores it', async () => {
    const { page: author } = await signedInPerson('author', 'autor');
    const { page: fan } = await signedInPerson('fan', 'fan');
    const content = await publishNew(author, 'Chisme para gustar');

    const authorCard = card(author, content);
    const fanCard = await showNewChismes(fan, content);
    const authorLike = authorCard.getByRole('button', { name: / me gusta$/ });
    expect(await authorLike.isDisabled()).toBe(true);

    await fanCard.getByRole('button', { name: '0 me gusta' }).click();
    await fanCard.getByRole('button', { name: '1 me gusta', pressed: true }).waitFor();
    await authorCard.getByRole('button', { name: '1 me gusta' }).waitFor();
    const toast = author.getByRole('alert').filter({ hasText: 'Nueva notificación' });
    await toast.waitFor();
    await snap(author, '05-like-live-toast');
    expect(await authorLike.isDisabled()).toBe(true);

    await recordAutoRead(author);
    await author.goto('/notifications/');
    const unread = author.getByTestId('notification-item').and(author.locator('[data-read="false"]'));
    await author.getByText('1 Notificación').waitFor();
    expect(await author.getByTestId('notification-item').count()).toBe(1);
    // Shown unread ("No leída"), and marked read 3 s after it was shown: timed in the page, as
    // the test's own look can come after the 3 s on a loaded machine.
    await unread.waitFor({ state: 'detached', timeout: 15_000 });
    const [record, ...others] = await autoReadRecords(author);
    expect(others).toEqual([]);
    expect(record?.label).toMatch(/^No leída: /);
    const readAfter = record!.read! - record!.shownUnread;
    expect(readAfter).toBeGreaterThanOrEqual(2_950);
    expect(readAfter).toBeLessThan(15_000);
    await author.goto('/chismes/');

    await fanCard.getByRole('button', { name: '1 me gusta' }).click();
    await fanCard.getByRole('button', { name: '0 me gusta', pressed: false }).waitFor();
    await card(author, content).getByRole('button', { name: '0 me gusta' }).waitFor();
    await snap(fan, '05-like-unliked');
  });
});
