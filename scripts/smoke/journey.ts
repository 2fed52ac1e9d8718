// The smoke test's journey through a deployed project's public API only (docs/deploy.md "The
// smoke test"): two confirmed people, a cotilleo chisme with an image, a like that reaches the
// author over Realtime, the image viewed through a server-signed URL inside its window, push-send
// reachable as the send-push job calls it, both accounts deleted through the delete-account
// function, and nothing of them left behind.
import { readFileSync } from 'node:fs';
import { FunctionsHttpError, type RealtimeChannel } from '@supabase/supabase-js';
import type { SmokeOptions } from './args.ts';
import { serviceClient } from './clients.ts';
import { makePerson, type Person } from './people.ts';

/** A tiny WebP without metadata: chisme-image stores it byte for byte. */
const image = readFileSync(new URL('../../supabase/functions/chisme-image/fixtures/pixel.webp', import.meta.url));
const waitMs = 10_000;

export interface Journey {
  run: string;
  people: Person[];
  chismeId?: string;
  imageUrl?: string;
  channel?: RealtimeChannel;
  notifications: { type?: unknown; user_id?: unknown }[];
}

export interface Step {
  title: string;
  run(project: SmokeOptions, journey: Journey): Promise<void>;
}

function expect(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(what);
}

/** A function's status and JSON body, as the web app's functions.invoke sees it. */
async function invoke(person: Person, name: string, body: FormData | Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const { data, error, response } = await person.client.functions.invoke(name, { body });
  if (error instanceof FunctionsHttpError) {
    const failed = error.context as Response;
    return { status: failed.status, body: (await failed.json().catch(() => ({}))) as Record<string, unknown> };
  }
  if (error) throw new Error(`${name}: ${error.message}`);
  return { status: response?.status ?? 0, body: data as Record<string, unknown> };
}

async function until<T>(what: string, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${waitMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const steps: Step[] = [
  {
    title: 'two confirmed people made with the admin API, each signed in with their password',
    async run(project, journey) {
      journey.people = await Promise.all([makePerson(project, 'autora', journey.run), makePerson(project, 'lector', journey.run)]);
    },
  },
  {
    title: 'the author joins their private notifications channel over Realtime',
    async run(_project, journey) {
      const [author] = journey.people;
      const channel = author!.client
        .channel(`notifications:${author!.id}`, { config: { private: true } })
        // one `notifications` message per person and flush interval: the rows created and updated in it
        .on('broadcast', { event: 'notifications' }, (message) => {
          const created = (message.payload as { created?: Journey['notifications'] }).created ?? [];
          journey.notifications.push(...created);
        });
      journey.channel = channel;
      const status = await new Promise<string>((resolve) => {
        const timer = setTimeout(() => resolve('TIMED_OUT'), waitMs);
        channel.subscribe((state, error) => {
          if (state === 'SUBSCRIBED' || state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') {
            clearTimeout(timer);
            resolve(error ? `${state}: ${error.message}` : state);
          }
        });
      });
      expect(status === 'SUBSCRIBED', `joining notifications:<author> answered ${status}`);
    },
  },
  {
    title: 'the author posts a cotilleo chisme (create_chisme)',
    async run(_project, journey) {
      const { data, error } = await journey.people[0]!.client.rpc('create_chisme', {
        p_gender: 'Mujer',
        p_years: '30',
        p_content: `Prueba de humo ${journey.run}: todo funciona`,
        p_tags: [],
        p_country: 'España',
        p_cotilleo: 'true',
      });
      expect(!error, `create_chisme: ${JSON.stringify(error)}`);
      journey.chismeId = (data as { id: string }).id;
      expect(journey.chismeId, 'create_chisme returned no id');
    },
  },
  {
    title: 'the author uploads its image (chisme-image)',
    async run(_project, journey) {
      const form = new FormData();
      form.set('chisme_id', journey.chismeId!);
      form.set('file', new File([image], 'prueba.webp', { type: 'image/webp' }));
      const upload = await invoke(journey.people[0]!, 'chisme-image', form);
      expect(upload.status === 201, `chisme-image answered ${upload.status} ${JSON.stringify(upload.body)}`);
    },
  },
  {
    title: 'the reader likes it (like_chisme) and the author is notified over Realtime',
    async run(_project, journey) {
      const { error } = await journey.people[1]!.client.rpc('like_chisme', { p_chisme_id: journey.chismeId });
      expect(!error, `like_chisme: ${JSON.stringify(error)}`);
      const notification = await until('the like notification', () => journey.notifications.find((n) => n.type === 'like_on_chisme'));
      expect(notification.user_id === journey.people[0]!.id, 'the notification is addressed to someone else');
    },
  },
  {
    title: 'the reader views the image inside its window (chisme-image-url, a server-signed URL)',
    async run(_project, journey) {
      const issued = await invoke(journey.people[1]!, 'chisme-image-url', { chisme_id: journey.chismeId });
      expect(issued.status === 200, `chisme-image-url answered ${issued.status} ${JSON.stringify(issued.body)}`);
      journey.imageUrl = String(issued.body.url);
      const response = await fetch(journey.imageUrl);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.status === 200, `the signed image URL answered ${response.status}`);
      expect(bytes.equals(image), `the image came back different (${bytes.length} bytes, ${response.headers.get('content-type')})`);
    },
  },
  {
    title: 'push-send gives browsers its VAPID key, and sends only for the service key (as the send-push job calls it)',
    async run(project) {
      const pushSend = `${project.url}/functions/v1/push-send`;
      const offer = await fetch(pushSend, { headers: { apikey: project.anonKey } });
      const body = (await offer.json().catch(() => ({}))) as { publicKey?: unknown; code?: unknown };
      expect(offer.status === 200, `GET push-send answered ${offer.status} ${JSON.stringify(body)} (503 push_not_configured: the VAPID secrets are not set)`);
      expect(
        typeof body.publicKey === 'string' && Buffer.from(body.publicKey, 'base64url').length === 65,
        `push-send's VAPID public key is ${JSON.stringify(body.publicKey)}`,
      );
      const refused = await fetch(pushSend, { method: 'POST', headers: { apikey: project.anonKey } });
      await refused.body?.cancel();
      expect(refused.status === 401, `POST push-send with the publishable key answered ${refused.status}, not 401`);
      // What the job does every 5 s when a push is due: the test people have no device, so this
      // sends only what was due anyway, and leaves nothing.
      const round = await fetch(pushSend, { method: 'POST', headers: { apikey: project.serviceRoleKey } });
      const totals = (await round.json().catch(() => ({}))) as Record<string, unknown>;
      expect(
        round.status === 200 && typeof totals.rounds === 'number',
        `POST push-send with the service key answered ${round.status} ${JSON.stringify(totals)}`,
      );
    },
  },
  {
    title: 'both delete their accounts with their password (delete-account)',
    async run(_project, journey) {
      await journey.channel?.unsubscribe();
      for (const person of journey.people) {
        const deleted = await invoke(person, 'delete-account', { password: person.password });
        expect(deleted.status === 200 && deleted.body.deleted === true, `delete-account answered ${deleted.status} ${JSON.stringify(deleted.body)}`);
      }
    },
  },
  {
    title: 'nothing of them is left: accounts, profiles, chisme, like, notification, image',
    async run(project, journey) {
      const service = serviceClient(project);
      const ids = journey.people.map((person) => person.id);
      for (const id of ids) {
        const { data } = await service.auth.admin.getUserById(id);
        expect(!data.user, `the account ${id} still exists`);
      }
      const left = async (table: string, column: string, values: string[]) => {
        const { data, error } = await service.from(table).select(column).in(column, values);
        expect(!error, `reading ${table}: ${error?.message}`);
        return data.length;
      };
      const counts = {
        profiles: await left('profiles', 'id', ids),
        chismes: await left('chismes', 'id', [journey.chismeId!]),
        likes: await left('likes', 'chisme_id', [journey.chismeId!]),
        notifications: await left('notifications', 'user_id', ids),
      };
      expect(
        Object.values(counts).every((count) => count === 0),
        `rows left behind: ${JSON.stringify(counts)}`,
      );
      const { error: gone } = await service.storage.from('chismes').download(journey.chismeId!);
      expect(gone, 'the image is still in Storage');
      const late = await fetch(journey.imageUrl!);
      await late.body?.cancel();
      expect(late.status !== 200, 'the signed URL still serves the deleted image');
      journey.people = [];
    },
  },
];
