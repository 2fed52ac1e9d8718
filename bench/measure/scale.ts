// Scale: what realtime costs each person online during a write storm (docs/scaling.md). For
// STORM_S seconds, writers like/unlike (Pareto over the recent chismes, one of them viral),
// comment and post, through the real RPCs with every trigger, while SUBSCRIBERS real
// supabase-js websocket clients each "show" 20 consecutive chismes of the recent feed and join
// what the web joins for them: their group topics (design "groups", web/src/lib/chisme-topic.ts)
// or, for the design before it, the mode's feed topic every person joined ("feed").
// Figures: messages each subscriber received per minute (average and p99; the budget is 15,
// from Team's 2,500 messages/s over 10,000 people), the longest time from a counter change's
// commit to the first message for that chisme reaching a subscriber showing it (budget 5 s),
// and the extrapolation to 10,000 people.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { DB_URL } from '../../local-stack/keys.ts';
import { actAs, benchUserId, FREE_USER_BASE } from '../lib/db.ts';
import { clientFor } from '../lib/clients.ts';
import { nowMs, percentile, round, sleep, summarize } from '../lib/stats.ts';
import type { SectionContext } from '../sections.ts';

export type Design = 'groups' | 'feed';

const BUCKET_MS = 300_000;
const SHOWN = 20;
const RECENT = 400;
const TEAM_MESSAGES_PER_S = 2500;
const PEOPLE = 10_000;
const BUDGET_PER_MINUTE = 15;

// Bench users 50001..50100 (rate limits multiplied): who does what.
const LIKERS = Array.from({ length: 24 }, (_, k) => FREE_USER_BASE + 1 + k);
const COMMENTERS = [FREE_USER_BASE + 25, FREE_USER_BASE + 26, FREE_USER_BASE + 27];
const POSTERS = [FREE_USER_BASE + 28, FREE_USER_BASE + 29];
const AUTHORS = [FREE_USER_BASE + 30, FREE_USER_BASE + 31, FREE_USER_BASE + 32, FREE_USER_BASE + 33];
const SUBSCRIBER_USERS = Array.from({ length: 60 }, (_, k) => FREE_USER_BASE + 40 + k);

interface Options {
  design: Design;
  subscribers: number;
  stormS: number;
  likesPerS: number;
  commentsPerS: number;
  chismesPerS: number;
}

/** `on`: messages are counted (exactly the storm's window); `recording`: arrivals are timed
 * (the storm and the last interval after it, so the last changes are not called missing). */
interface Counting {
  on: boolean;
  recording: boolean;
}

interface Subscriber {
  client: SupabaseClient;
  channels: RealtimeChannel[];
  shown: Set<string>;
  messages: number;
  /** chisme id → arrival times of messages carrying its counts */
  arrivals: Map<string, number[]>;
  timer?: NodeJS.Timeout;
}

/** Letters, not digits: long digit runs read as phone numbers to the personal-data rule. */
const series = Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 8);

const topicOf = (createdAt: Date) => `chismes:casual:${Math.floor(createdAt.getTime() / BUCKET_MS)}`;

async function userConnection(userIndex: number): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: DB_URL, application_name: 'bench scale' });
  await client.connect();
  await actAs(client, benchUserId(userIndex));
  return client;
}

/** Pareto ranks: rank 0 (the viral chisme) takes the most; alpha 1.2 over RECENT ranks. */
function paretoRank(n: number): number {
  for (;;) {
    const rank = Math.floor((1 - Math.random()) ** (-1 / 1.2)) - 1;
    if (rank < n) return rank;
  }
}

function joinChannel(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('realtime subscribe timed out')), 60_000);
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') clearTimeout(timer), resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') clearTimeout(timer), reject(error ?? new Error(status));
    });
  });
}

async function subscribe(index: number, recent: { id: string; createdAt: Date }[], design: Design, counting: Counting): Promise<Subscriber> {
  const client = await clientFor(SUBSCRIBER_USERS[index % SUBSCRIBER_USERS.length]!);
  // people read at different depths of the recent feed: windows of 20 over the first 200
  const offset = (index % 10) * SHOWN;
  const window = recent.slice(offset, offset + SHOWN);
  const sub: Subscriber = { client, channels: [], shown: new Set(window.map((c) => c.id)), messages: 0, arrivals: new Map() };
  const onCounts = (entries: { id: string }[]) => {
    if (!counting.recording) return;
    const t = nowMs();
    for (const entry of entries) {
      if (!sub.shown.has(entry.id)) continue;
      const list = sub.arrivals.get(entry.id) ?? [];
      list.push(t);
      sub.arrivals.set(entry.id, list);
    }
  };
  const joined = new Set<string>();
  const join = async (topic: string) => {
    if (joined.has(topic)) return;
    joined.add(topic);
    const channel = client.channel(topic, { config: { private: true } });
    channel.on('broadcast', { event: '*' }, (message) => {
      if (counting.on) sub.messages++;
      const payload = message.payload as { counts?: { id: string }[]; id?: string };
      if (message.event === 'chisme_counts') onCounts(design === 'groups' ? (payload.counts ?? []) : [payload as { id: string }]);
    });
    await joinChannel(channel);
    sub.channels.push(channel);
  };
  if (design === 'feed') {
    await join('feed:casual');
    return sub;
  }
  for (const topic of new Set(window.map((c) => topicOf(c.createdAt)))) await join(topic);
  // as the web does for a reader at the top of the recent feed: also the group of now (and of
  // a minute ago), where new chismes land, checked again every 30 s
  if (offset === 0) {
    const joinNow = () => Promise.all([topicOf(new Date()), topicOf(new Date(Date.now() - 60_000))].map(join));
    await joinNow();
    sub.timer = setInterval(() => void joinNow().catch(() => undefined), 30_000);
  }
  return sub;
}

export async function measureScale(context: SectionContext, options: Partial<Options> = {}): Promise<void> {
  const { report } = context;
  const o: Options = { design: 'groups', subscribers: 500, stormS: 60, likesPerS: 300, commentsPerS: 30, chismesPerS: 10, ...options };
  const label = o.design === 'groups' ? 'Scale' : 'Scale (design before: feed topic)';
  const connections: pg.Client[] = [];
  const subscribers: Subscriber[] = [];
  const counting: Counting = { on: false, recording: false };
  try {
    // The recent feed: RECENT chismes by a few authors, the newest first.
    const authors = await Promise.all(AUTHORS.map(userConnection));
    connections.push(...authors);
    const recent: { id: string; createdAt: Date }[] = [];
    await Promise.all(
      authors.map(async (author, a) => {
        for (let k = a; k < RECENT; k += authors.length) {
          const { rows } = await author.query<{ id: string; created_at: Date }>(
            `select c.id, c.created_at from json_populate_record(null::public.feed_chisme, public.create_chisme('Mujer', '30', $1, '[]', 'España', 'false')) c`,
            [`Chisme reciente de la escala número ${k}, serie ${series}.`],
          );
          recent.push({ id: rows[0]!.id, createdAt: rows[0]!.created_at });
        }
      }),
    );
    recent.sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? 1 : -1));
    await sleep(5000); // their own creation news is flushed before anyone listens

    // Subscribers, joined at a pace under the join limit.
    for (let k = 0; k < o.subscribers; k += 25) {
      const batch = Array.from({ length: Math.min(25, o.subscribers - k) }, (_, j) => subscribe(k + j, recent, o.design, counting));
      subscribers.push(...(await Promise.all(batch)));
    }
    const joins = subscribers.reduce((n, s) => n + s.channels.length, 0);
    await sleep(5000);

    // The storm.
    const likers = await Promise.all(LIKERS.map(userConnection));
    const commenters = await Promise.all(COMMENTERS.map(userConnection));
    const posters = await Promise.all(POSTERS.map(userConnection));
    connections.push(...likers, ...commenters, ...posters);
    const changes = new Map<string, number[]>(); // chisme id → commit times of its counter changes
    const done = { likes: 0, unlikes: 0, comments: 0, chismes: 0, errors: 0 };
    const errors = new Map<string, number>();
    const note = (error: unknown) => {
      done.errors++;
      const key = (error as Error).message.slice(0, 80);
      errors.set(key, (errors.get(key) ?? 0) + 1);
    };
    const start = nowMs();
    const end = start + o.stormS * 1000;
    counting.on = true;
    counting.recording = true;
    const windowTimer = setTimeout(() => (counting.on = false), o.stormS * 1000);
    const paced = async (perS: number, op: (k: number) => Promise<void>) => {
      const every = 1000 / perS;
      for (let k = 0; ; k++) {
        const due = start + k * every;
        if (due >= end) return;
        const wait = due - nowMs();
        if (wait > 0) await sleep(wait);
        try {
          await op(k);
        } catch (error) {
          note(error);
        }
      }
    };
    const liked = likers.map(() => new Set<string>());
    const storm = [
      ...likers.map((conn, w) =>
        paced(o.likesPerS / likers.length, async () => {
          const target = recent[paretoRank(recent.length)]!.id;
          const unlike = liked[w]!.has(target);
          await conn.query(unlike ? 'select public.unlike_chisme($1)' : 'select public.like_chisme($1)', [target]);
          if (unlike) liked[w]!.delete(target), done.unlikes++;
          else liked[w]!.add(target), done.likes++;
          const list = changes.get(target) ?? [];
          list.push(nowMs());
          changes.set(target, list);
        }),
      ),
      ...commenters.map((conn) =>
        paced(o.commentsPerS / commenters.length, async (k) => {
          const target = recent[paretoRank(recent.length)]!.id;
          await conn.query(`select public.add_comment($1, null, $2, 'Hombre', '30', 'México')`, [target, `Qué fuerte, no me lo esperaba, comentario ${k}.`]);
          done.comments++;
          const list = changes.get(target) ?? [];
          list.push(nowMs());
          changes.set(target, list);
        }),
      ),
      ...posters.map((conn, p) =>
        paced(o.chismesPerS / posters.length, async (k) => {
          await conn.query(`select public.create_chisme('Hombre', '41', $1, '[]', 'México', 'false')`, [
            `Nuevo chisme en plena tormenta ${p}-${k}, serie ${series}.`,
          ]);
          done.chismes++;
        }),
      ),
    ];
    await Promise.all(storm);
    const stormMs = nowMs() - start;
    await sleep(Math.max(0, end - nowMs()));
    clearTimeout(windowTimer);
    counting.on = false;
    await sleep(6000); // the last interval's messages arrive
    counting.recording = false;
    // messages counted over exactly stormS seconds
    const perMinute = subscribers.map((s) => (s.messages * 60) / o.stormS);
    const pm = summarize(perMinute);
    const avg = perMinute.reduce((a, b) => a + b, 0) / Math.max(1, perMinute.length);

    // Delay: from each change's commit to the first message for that chisme arriving after it,
    // at every subscriber showing it; a change never followed by a message counts as missing.
    let maxDelay = 0;
    let missing = 0;
    const delays: number[] = [];
    for (const s of subscribers) {
      for (const id of s.shown) {
        const times = changes.get(id);
        if (!times) continue;
        const arrivals = s.arrivals.get(id) ?? [];
        let a = 0;
        for (const t of times) {
          while (a < arrivals.length && arrivals[a]! < t) a++;
          if (a >= arrivals.length) {
            missing++;
            continue;
          }
          const delay = arrivals[a]! - t;
          delays.push(delay);
          if (delay > maxDelay) maxDelay = delay;
        }
      }
    }
    const d = summarize(delays);
    const totalPerS = subscribers.reduce((n, s) => n + s.messages, 0) / o.stormS;
    const at10k = (avg * PEOPLE) / 60;
    const rates = {
      likes: (done.likes + done.unlikes) / (stormMs / 1000),
      comments: done.comments / (stormMs / 1000),
      chismes: done.chismes / (stormMs / 1000),
    };

    report.add(
      label,
      `write storm: like/unlike per second (target ${o.likesPerS}, Pareto, one viral)`,
      rates.likes,
      '/s',
      o.design === 'groups' ? { op: '>=', limit: o.likesPerS } : undefined,
    );
    report.add(label, `write storm: comments per second (target ${o.commentsPerS})`, rates.comments, '/s');
    report.add(label, `write storm: new chismes per second (target ${o.chismesPerS})`, rates.chismes, '/s');
    report.add(label, 'write storm: writes refused or failed', done.errors, '', undefined, [...errors].map(([k, v]) => `${v}× ${k}`).join('; '));
    report.add(label, `subscribers (real websockets, ${SHOWN} chismes shown each), channels joined`, `${subscribers.length}, ${joins}`, '');
    report.add(
      label,
      'messages per subscriber per minute, average',
      avg,
      'msg/min',
      o.design === 'groups' ? { op: '<=', limit: BUDGET_PER_MINUTE } : undefined,
    );
    report.add(label, 'messages per subscriber per minute, p99', percentile(perMinute, 99), 'msg/min');
    report.add(label, 'delay counter change → message at a subscriber showing it, p50', d.p50 / 1000, 's');
    report.add(
      label,
      'delay counter change → message at a subscriber showing it, max',
      maxDelay / 1000,
      's',
      o.design === 'groups' ? { op: '<=', limit: 5 } : undefined,
    );
    report.add(
      label,
      'counter changes not followed by a message for a subscriber showing the chisme',
      missing,
      '',
      o.design === 'groups' ? { op: '<=', limit: 0 } : undefined,
    );
    report.add(label, 'messages delivered per second, all subscribers', totalPerS, 'msg/s');
    report.add(
      label,
      `extrapolated to ${PEOPLE.toLocaleString('en')} people online (Team limit ${TEAM_MESSAGES_PER_S}/s)`,
      at10k,
      'msg/s',
      o.design === 'groups' ? { op: '<=', limit: TEAM_MESSAGES_PER_S } : undefined,
    );
    report.detail(o.design === 'groups' ? 'scale' : 'scaleFeedTopic', {
      design: o.design,
      subscribers: subscribers.length,
      joins,
      shownPerSubscriber: SHOWN,
      recentChismes: RECENT,
      stormS: round(stormMs / 1000, 1),
      writes: done,
      ratesPerS: { likes: round(rates.likes), comments: round(rates.comments), chismes: round(rates.chismes) },
      messagesPerMinute: { avg: round(avg, 2), p50: round(pm.p50, 2), p99: round(percentile(perMinute, 99), 2), max: round(Math.max(...perMinute), 2) },
      delayS: { p50: round(d.p50 / 1000, 2), p95: round(d.p95 / 1000, 2), max: round(maxDelay / 1000, 2), samples: delays.length, missing },
      deliveredPerS: round(totalPerS),
      extrapolatedTo10kPerS: round(at10k),
    });
  } finally {
    counting.on = false;
    counting.recording = false;
    for (const s of subscribers) clearInterval(s.timer);
    await Promise.all(subscribers.map((s) => s.client.removeAllChannels().catch(() => undefined)));
    await Promise.all(connections.map((c) => c.end().catch(() => undefined)));
  }
}
