// Journey 21: the header's bell counts unread notifications live (up when someone comments,
// down when they are read), and on a 390 px phone the "Nuevo chisme" button never covers the
// like / comment row of a card, and nothing is cut: not the notifications' "Eliminar", not the
// new-post dialog's fields.
import { describe, expect, it } from 'vitest';
import { phone, snap } from '../support/browser.ts';
import { card, openNewChisme, publishNew } from '../support/chismes.ts';
import { expectNothingClipped } from '../support/layout.ts';
import { chismeIdOf } from '../support/db.ts';
import { useBrowser } from '../support/journey.ts';
import { commentAs, rpcAs, signedInPerson } from '../support/users.ts';

useBrowser();

describe('journey 21: unread badge', () => {
  it('counts up live, down on read, and the new-post button leaves the cards free on a phone', async () => {
    const { page: owner } = await signedInPerson('owner', 'campana');
    const { page: other } = await signedInPerson('other', 'vecina');

    const content = await publishNew(owner, 'Chisme con campana');
    const id = await chismeIdOf(content);
    const bell = owner.getByTestId('notifications-bell');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notificaciones');

    // Live, without reloading: a like (1), then a comment (2, a different kind does not collapse).
    expect((await rpcAs(other, 'like_chisme', { p_chisme_id: id })).status).toBe(200);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notificaciones: 1 sin leer');
    expect((await commentAs(other, id, 'Te he visto')).status).toBe(200);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notificaciones: 2 sin leer');
    expect(await owner.getByTestId('unread-badge').textContent()).toBe('2');

    // The bell opens the notifications; "mark all" brings the count to zero.
    await bell.click();
    await owner.waitForURL('**/notifications/');
    await owner.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notificaciones');
    expect(await owner.getByTestId('unread-badge').count()).toBe(0);

    // At 390 px, with the card's action row at the very bottom of the screen, what is under its
    // bottom-right corner (share / report, where a floating button sat) is the card.
    await owner.setViewportSize(phone);
    await owner.goto('/profile/');
    const last = card(owner, content);
    await last.waitFor();
    await last.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    const hit = await last.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const under = document.elementFromPoint(box.right - 12, box.bottom - 30);
      return under !== null && element.contains(under);
    });
    expect(hit).toBe(true);
    await owner.getByRole('banner').getByTestId('new-chisme-button').waitFor();

    // The notification list and the new-post dialog on the phone: no text cut.
    await owner.goto('/notifications/');
    await owner.getByText('2 Notificaciones').waitFor();
    await expectNothingClipped(owner, 'in the notification list on a phone');
    await snap(owner, '21-phone-notifications');
    await owner.evaluate(() => localStorage.removeItem('genero')); // its placeholder shows
    const dialog = await openNewChisme(owner);
    await dialog.getByPlaceholder('Selecciona tu género').waitFor();
    await expectNothingClipped(owner, 'in the new-post dialog on a phone');
    await snap(owner, '21-phone-new-chisme');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
  });
});
