// Journey 10: the profile screen — counts and empty states, notifications marked read 3 s
// after they are shown, "mark all", delete; "Mis Chismes" lists only one's own chismes of the
// current mode.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser.ts';
import { card, publishChisme, publishNew, uniqueContent } from '../support/chismes.ts';
import { chismeIdOf, notificationCount } from '../support/db.ts';
import { useBrowser } from '../support/journey.ts';
import { commentAs, rpcAs, signedInPerson } from '../support/users.ts';

useBrowser();

const items = (page: Page) => page.getByRole('list', { name: 'Lista de notificaciones' }).getByTestId('notification-item');

const unreadCount = (email: string) => notificationCount(email, { unread: true });

describe('journey 10: notifications and profile', () => {
  it('shows counts and empty states, auto-reads, marks all, deletes, and lists only own chismes of the mode', async () => {
    const { page: owner, account: ownerAccount } = await signedInPerson('owner', 'perfil');
    const { page: other } = await signedInPerson('other', 'visita');

    // Empty profile.
    await owner.goto('/profile/');
    await owner.getByText('0 Chismes casuales').waitFor();
    await owner.getByText('Oh, no! Aún no has publicado nada').waitFor();
    await owner.getByRole('tab', { name: 'Notificaciones' }).click();
    await owner.waitForURL('**/notifications/');
    await owner.getByText('0 Notificaciones').waitFor();
    await owner.getByText('No tienes notificaciones').waitFor();
    await snap(owner, '10-profile-empty');

    // The owner posts; the other person's own chisme must never show in the owner's profile.
    await owner.goto('/chismes/');
    const content = await publishNew(owner, 'Mi chisme de perfil');
    await publishChisme(other, { content: uniqueContent('Chisme ajeno') });
    await owner.goto('/profile/');
    await owner.getByText('1 Chisme casuales').waitFor();
    expect(await owner.getByRole('article').count()).toBe(1);
    await card(owner, content).waitFor();

    // A like and two comments while the owner is not looking: two notifications, since unread
    // comments on one chisme collapse into one (docs/decisions/0004-notification-floods.md).
    const id = await chismeIdOf(content);
    expect((await rpcAs(other, 'like_chisme', { p_chisme_id: id })).status).toBe(200);
    for (const text of ['Primer comentario de visita', 'Segundo comentario de visita']) {
      expect((await commentAs(other, id, text)).status).toBe(200);
    }
    await expect.poll(() => unreadCount(ownerAccount.email)).toBe(2);

    // "Mark all" right away marks both. The 3-second auto-read could reach the same end
    // state, so the click itself must send the database's mark-all call and succeed. On a
    // loaded machine the auto-read could also answer first and disable the button before the
    // click lands: its per-item calls are held until the click's call has answered.
    const autoRead = '**/rest/v1/rpc/mark_notification_read';
    let releaseAutoRead = () => {};
    const autoReadHeld = new Promise<void>((resolve) => {
      releaseAutoRead = resolve;
    });
    await owner.route(autoRead, async (route) => {
      await autoReadHeld;
      await route.continue();
    });
    await owner.goto('/notifications/');
    await owner.getByText('2 Notificaciones').waitFor();
    const [markAll] = await Promise.all([
      owner.waitForResponse((response) => response.url().includes('/rest/v1/rpc/mark_all_notifications_read')),
      owner.getByRole('button', { name: 'Marcar todas como leídas' }).click(),
    ]);
    expect(markAll.status()).toBe(200);
    releaseAutoRead();
    await owner.unroute(autoRead);
    await expect.poll(() => unreadCount(ownerAccount.email), { timeout: 10_000 }).toBe(0);
    await owner.locator('[data-testid="notification-item"][data-read="false"]').first().waitFor({ state: 'detached' });
    expect(await owner.getByRole('button', { name: 'Marcar todas como leídas' }).isDisabled()).toBe(true);

    // A live one arrives unread (read notifications are never collapsed into) and is marked read
    // 3 s after it is shown.
    expect((await commentAs(other, id, 'Tercer comentario de visita')).status).toBe(200);
    const unread = owner.locator('[data-testid="notification-item"][data-read="false"]');
    await unread.first().waitFor();
    expect(await unread.first().getAttribute('aria-label')).toMatch(/^No leída: /);
    await owner.getByText('3 Notificaciones').waitFor();
    await snap(owner, '10-notifications-live-unread');
    await unread.first().waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => unreadCount(ownerAccount.email)).toBe(0);

    // Delete one.
    await items(owner).first().getByRole('button', { name: 'Eliminar' }).click();
    await owner.getByText('2 Notificaciones').waitFor();
    await expect.poll(() => items(owner).count()).toBe(2);
    await owner.reload();
    await owner.getByText('2 Notificaciones').waitFor();
    await snap(owner, '10-notifications-after-delete');

    // Cotilleo mode: only own cotilleo chismes (none yet).
    await owner.evaluate(() => localStorage.setItem('cotilleoMode', 'true'));
    await owner.goto('/profile/');
    await owner.getByText('0 Chismes cotilleo').waitFor();
    await owner.getByText('Oh, no! Aún no has publicado nada').waitFor();
    expect(await owner.getByRole('article').count()).toBe(0);
  });
});
