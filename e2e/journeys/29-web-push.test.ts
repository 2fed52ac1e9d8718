// Journey 29: Web Push with the real service worker. The author taps "Avísame aunque Chismes
// esté cerrado" (the browser context grants the permission), sets quiet hours off and the
// text on the lock screen on in the menu; a comment by someone else goes through the database,
// the stack's schedule and push-send to a real push-protocol server (web-push-testing: VAPID
// checked, aes128gcm decrypted); that payload, delivered to the service worker over CDP
// (ServiceWorker.deliverPushMessage), shows a Spanish notification with the app's icon; its
// click sends the open tab to the thread and marks the notification read. Signing out removes
// the subscription.
//
// Two stand-ins, both forced by a machine without internet: PushManager.subscribe is answered
// with a subscription made at the push-protocol server (Chromium's own would register with its
// vendor's service), and the click is a NotificationEvent dispatched in the worker (headless
// Chromium has no notification to click; a synthetic click may message and focus a tab but not
// open a new one, which the worker's unit test covers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishNew } from '../support/chismes.ts';
import { chismeIdOf, sql } from '../support/db.ts';
import { ANON_KEY, API_URL, WEB_URL } from '../support/env.ts';
import { useBrowser } from '../support/journey.ts';
import { commentAs, signedInPerson } from '../support/users.ts';
import { type PushService, startPushService } from '../../tests/shared/push-service.ts';

useBrowser();

let service: PushService;
beforeAll(async () => {
  service = await startPushService();
  await sql('insert into private.push_services (endpoint_pattern, note) values ($1, $2)', [service.endpointPattern, 'e2e journey 29']);
});
afterAll(async () => {
  await sql('delete from private.push_services where endpoint_pattern = $1', [service.endpointPattern]);
  await service.close();
});

/** In the page: PushManager answers with the push-protocol server's subscription (see the header). */
function answerWithSubscription(sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const make = () => ({
    endpoint: sub.endpoint,
    expirationTime: null,
    options: { applicationServerKey: null, userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    unsubscribe: () => {
      localStorage.removeItem('e2e-push-subscribed');
      return Promise.resolve(true);
    },
  });
  PushManager.prototype.subscribe = function subscribe() {
    localStorage.setItem('e2e-push-subscribed', '1');
    return Promise.resolve(make() as unknown as PushSubscription);
  };
  PushManager.prototype.getSubscription = function getSubscription() {
    return Promise.resolve((localStorage.getItem('e2e-push-subscribed') ? make() : null) as unknown as PushSubscription | null);
  };
}

describe('journey 29: Web Push', () => {
  it('opts in, sets it up, and a push shows a notification whose click opens the thread', async () => {
    const publicKey = ((await (await fetch(`${API_URL}/functions/v1/push-send`, { headers: { apikey: ANON_KEY } })).json()) as { publicKey: string }).publicKey;
    const subscription = await service.subscribe(publicKey);
    const [{ page: author, account }, { page: fan }] = await Promise.all([signedInPerson('author', 'avisada'), signedInPerson('fan', 'comentarista')]);
    await author.context().grantPermissions(['notifications'], { origin: WEB_URL });
    await author.context().addInitScript(answerWithSubscription, { endpoint: subscription.endpoint, keys: subscription.keys });
    const content = await publishNew(author, 'Chisme con avisos');
    const chismeId = await chismeIdOf(content);

    // Opt in from the notifications tab, once the service worker controls the page.
    await author.goto('/notifications/');
    await expect.poll(() => author.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 60_000 }).toBe(`${WEB_URL}/sw.js`);
    const offer = author.getByRole('region', { name: 'Avisos con Chismes cerrado' });
    await offer.getByRole('button', { name: 'Avísame aunque Chismes esté cerrado' }).click();
    await author.getByText('Listo: te avisaremos aunque Chismes esté cerrado.').waitFor();
    await offer.waitFor({ state: 'detached' });
    await expect
      .poll(() => sql('select s.endpoint from private.push_subscriptions s join auth.users u on u.id = s.user_id where u.email = $1', [account.email]))
      .toEqual([{ endpoint: subscription.endpoint }]);

    // The settings in the menu: this device on; quiet hours off, the text on the lock screen on.
    await author.getByRole('button', { name: 'Abrir menú' }).click();
    await author.getByRole('button', { name: 'Avisos con Chismes cerrado' }).click();
    const settings = author.getByTestId('push-settings');
    await expect.poll(() => settings.getByRole('switch', { name: 'Avisos en este dispositivo' }).isChecked()).toBe(true);
    await settings.getByText('Chrome en Linux (este dispositivo)', { exact: false }).waitFor();
    await settings.getByRole('switch', { name: /Horas de silencio/ }).click();
    await settings.getByRole('switch', { name: /Mostrar el texto en la pantalla bloqueada/ }).click();
    const settingsOf = () =>
      sql<{ quiet_hours: boolean; show_text: boolean }>(
        'select p.quiet_hours, p.show_text from private.push_settings p join auth.users u on u.id = p.user_id where u.email = $1',
        [account.email],
      );
    await expect.poll(settingsOf).toEqual([{ quiet_hours: false, show_text: true }]);
    await author.keyboard.press('Escape');

    // A comment → database → schedule → push-send → the push-protocol server, decrypted.
    await author.goto('/profile/');
    expect((await commentAs(fan, chismeId, 'Te aviso aunque no mires')).status).toBe(200);
    await expect.poll(() => service.messages(subscription), { timeout: 15_000 }).toHaveLength(1);
    const [payload] = await service.messages(subscription);
    expect(JSON.parse(payload!)).toMatchObject({
      title: 'Chismes',
      body: 'Nuevo comentario en tu chisme: "Te aviso aunque no mires"',
      tag: `comment_on_chisme:${chismeId}`,
    });

    // Delivered to the real service worker: a notification in Spanish with the app's icon.
    const cdp = await author.context().newCDPSession(author);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${WEB_URL}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: WEB_URL, registrationId: await registration, data: payload! });
    const shown = () =>
      author.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, icon: n.icon, tag: n.tag })),
      );
    await expect.poll(shown).toEqual([
      {
        title: 'Chismes',
        body: 'Nuevo comentario en tu chisme: "Te aviso aunque no mires"',
        icon: `${WEB_URL}/icon-192.png`,
        tag: `comment_on_chisme:${chismeId}`,
      },
    ]);

    // Its click: the open tab goes to the thread, and the notification is read.
    const [worker] = author.context().serviceWorkers();
    await worker!.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const [notification] = await scope.registration.getNotifications();
      const NotificationEventClass = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event })
        .NotificationEvent;
      scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification: notification! }));
    });
    await author.waitForURL(`${WEB_URL}/chismes/${chismeId}`);
    await author.getByText('Te aviso aunque no mires').waitFor();
    await expect
      .poll(() => sql('select n.is_read from public.notifications n join auth.users u on u.id = n.user_id where u.email = $1', [account.email]))
      .toEqual([{ is_read: true }]);
    await expect.poll(shown).toEqual([]);

    // Signing out here removes this device's subscription.
    await author.getByRole('button', { name: 'Abrir menú' }).click();
    await author.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect.poll(() => sql('select 1 from private.push_subscriptions where endpoint = $1', [subscription.endpoint])).toEqual([]);
  });
});
