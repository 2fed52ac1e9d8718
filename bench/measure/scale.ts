// Scale: what realtime costs a population of people online during a write storm
// (docs/scaling.md). For STORM_S seconds, writers like/unlike (Pareto over the recent chismes,
// one of them viral), comment and post, through the real RPCs with every trigger, while
// SUBSCRIBERS real supabase-js websocket clients, spread over a stated mix (MIX: phone and
// desktop screens, the four tabs, top and deep positions, both modes, some reconnecting,
// some authors receiving notifications), each join what the web joins for its screen: at most
// one head topic `head:<tab>:<mode>` (web/src/lib/chisme-topic.ts) and its own notifications,
// and refresh the cards no head pushes with one batched GET every 30 s.
// Figures: messages per person per minute, counts and notifications together (average and
// p99; budgets 15 and 30, from Team's 2,500 messages/s over 10,000 people), the time from a
// counter change's commit to the message reaching a person showing the chisme at the top of
// a tab (budget 5 s), the age of long-tail counts on screen (refreshed on view, then every
// 30 s), joins per person per minute, replica GETs per second, and the extrapolation to
// 10,000 people.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { DB_URL } from '../../local-stack/keys.ts';
import { actAs, benchUserId, FREE_USER_BASE } from '../lib/db.ts';
import { clientFor } from '../lib/clients.ts';
import { nowMs, percentile, round, sleep, summarize } from '../lib/stats.ts';
import type { SectionContext } from '../sections.ts';

const RECENT = 400;
/** The head topics carry the first 40 of a tab (private.head_size()); the web counts 30 as pushed. */
const HEAD_CARDS = 30;
const POLL_MS = 30_000;
/** As the web: every 10 s, a GET if the long tail's counts are 30 s old (at most 40 s old). */
const POLL_TICK_MS = 10_000;
/** Cards on screen: a phone 390×844 shows 4, a desktop 1920×1080 at 50 % zoom 11 (docs/scaling.md). */
const SCREEN = { phone: 4, desktop: 11 } as const;
/** Where a deep reader is: past the head (cards 200 onwards of the tab). */
const DEEP_OFFSET = 200;
const BUDGET_P99_PER_MINUTE = 30;
const STALE_TOP_S = 5;
const TEAM_MESSAGES_PER_S = 2500;
const PEOPLE = 10_000;
const BUDGET_PER_MINUTE = 15;

// Bench users 50001..50100 (rate limits multiplied): who does what.
const LIKERS = Array.from({ length: 24 }, (_, k) => FREE_USER_BASE + 1 + k);
const COMMENTERS = [FREE_USER_BASE + 25, FREE_USER_BASE + 26, FREE_USER_BASE + 27];
const POSTERS = [FREE_USER_BASE + 28, FREE_USER_BASE + 29];
const AUTHORS = [FREE_USER_BASE + 30, FREE_USER_BASE + 31, FREE_USER_BASE + 32, FREE_USER_BASE + 33];
const SUBSCRIBER_USERS = Array.from({ length: 60 }, (_, k) => FREE_USER_BASE + 40 + k);

type Tab = 'recent' | 'top' | 'trending' | 'old';

/** One person's screen, from the mix. */
interface Screen {
  tab: Tab;
  cotilleo: boolean;
  size: keyof typeof SCREEN;
  deep: boolean;
  reconnects: boolean;
  /** an author of the storm's chismes: their notifications arrive too */
  author: boolean;
}

/**
 * The mix, person k of n: the four tabs in turn; every other group of four a phone; a third of each
 * tab deep; one in five on the cotilleo mode (whose chismes the storm does not touch: a quiet
 * mode); one in ten reconnecting every 20 s; the storm's four authors among them.
 */
function screenOf(k: number): Screen {
  return {
    tab: (['recent', 'top', 'trending', 'old'] as const)[k % 4]!,
    size: Math.floor(k / 4) % 2 === 0 ? 'phone' : 'desktop',
    deep: k % 3 === 2,
    cotilleo: k % 5 === 4,
    reconnects: k % 10 === 7,
    author: k < AUTHORS.length,
  };
}

interface Options {
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
  screen: Screen;
  client: SupabaseClient;
  channels: RealtimeChannel[];
  /** the cards on screen; `pushed`: those the joined head keeps live, until `pushedUntil` (on
   * recent, the news moves the head past them: the web then refreshes them as the long tail) */
  shown: Set<string>;
  pushed: Set<string>;
  pushedUntil: Map<string, number>;
  messages: number;
  joins: number;
  gets: number;
  getErrors: number;
  /** chisme id → arrival times of messages carrying its counts */
  arrivals: Map<string, number[]>;
  /** ages of long-tail counts on screen, sampled each second (s) */
  tailAges: number[];
  timers: NodeJS.Timeout[];
}

/** Letters, not digits: long digit runs read as phone numbers to the personal-data rule. */
const series = Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 8);

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

/** The ids each tab shows, in its order, per mode (read once before the storm). */
type Tabs = Record<Tab, Record<'casual' | 'cotilleo', string[]>>;

async function readTabs(client: pg.Client): Promise<Tabs> {
  const tabs = {} as Tabs;
  const orders: Record<Tab, string> = {
    recent: 'order by created_at desc, id desc',
    top: 'order by likes desc, created_at desc, id desc',
    trending: "and created_at > now() - interval '24 hours' order by likes desc, created_at desc, id desc",
    old: 'order by created_at, id',
  };
  for (const tab of Object.keys(orders) as Tab[]) {
    tabs[tab] = { casual: [], cotilleo: [] };
    for (const mode of ['casual', 'cotilleo'] as const) {
      const { rows } = await client.query<{ id: string }>(
        `select id from public.chismes where cotilleo = $1 and hidden_at is null ${orders[tab]} limit ${DEEP_OFFSET + SCREEN.desktop}`,
        [mode === 'cotilleo'],
      );
      tabs[tab][mode] = rows.map((r) => r.id);
    }
  }
  return tabs;
}

async function subscribe(index: number, tabs: Tabs, counting: Counting): Promise<Subscriber> {
  const screen = screenOf(index);
  const userIndex = screen.author ? AUTHORS[index]! : SUBSCRIBER_USERS[index % SUBSCRIBER_USERS.length]!;
  const client = await clientFor(userIndex);
  const mode = screen.cotilleo ? 'cotilleo' : 'casual';
  const offset = screen.deep ? DEEP_OFFSET : 0;
  const window = tabs[screen.tab][mode].slice(offset, offset + SCREEN[screen.size]);
  // as the web decides (use-feed-realtime): recent always joins its head (the pill); top and
  // trending while a head card is on screen; the old tab never
  const head = screen.tab === 'recent' || (screen.tab !== 'old' && !screen.deep) ? `head:${screen.tab}:${mode}` : null;
  const pushed = new Set(head && !screen.deep ? window.filter((_, k) => offset + k < HEAD_CARDS) : []);
  const sub: Subscriber = {
    screen,
    client,
    channels: [],
    shown: new Set(window),
    pushed,
    pushedUntil: new Map(),
    messages: 0,
    joins: 0,
    gets: 0,
    getErrors: 0,
    arrivals: new Map(),
    tailAges: [],
    timers: [],
  };
  // when each pushed card was last heard of (a message, or its GET): the web asks for a head
  // card on screen nothing was heard of for a minute (top and trending reorder)
  const heardAt = new Map([...pushed].map((id) => [id, nowMs()]));
  const arrived = (ids: string[]) => {
    for (const id of ids) if (heardAt.has(id)) heardAt.set(id, nowMs());
    if (!counting.recording) return;
    const t = nowMs();
    for (const id of ids) {
      if (!sub.shown.has(id)) continue;
      const list = sub.arrivals.get(id) ?? [];
      list.push(t);
      sub.arrivals.set(id, list);
    }
  };
  // the long tail: the cards no head pushes (more of them as the news moves the head down)
  const tail = [...sub.shown].filter((id) => !pushed.has(id));
  let newsSeen = 0;
  const heardNews = (count: number) => {
    newsSeen += count;
    window.forEach((id, k) => {
      if (!pushed.has(id) || sub.pushedUntil.has(id) || offset + k + newsSeen < HEAD_CARDS) return;
      sub.pushedUntil.set(id, nowMs());
      tail.push(id);
    });
  };
  const join = async (topic: string) => {
    const channel = client.channel(topic, { config: { private: true } });
    channel.on('broadcast', { event: '*' }, (message) => {
      if (counting.on) sub.messages++;
      if (message.event !== 'chisme_counts') return;
      const payload = message.payload as { counts?: { id: string }[]; created?: { count: number } };
      arrived((payload.counts ?? []).map((c) => c.id));
      if (payload.created) heardNews(payload.created.count);
    });
    await joinChannel(channel);
    if (counting.on) sub.joins++;
    sub.channels.push(channel);
  };
  const joinAll = async () => {
    if (head) await join(head);
    await join(`notifications:${benchUserId(userIndex)}`);
  };
  await joinAll();
  // the long tail: one GET for the cards no head pushes, on view and every 30 s
  let refreshedAt = nowMs();
  const poll = async () => {
    if (tail.length === 0) return;
    const { error } = await client.rpc('get_chisme_counts', { p_ids: JSON.stringify(tail) }, { get: true });
    if (error) throw new Error(error.message);
    if (counting.on) sub.gets++;
    refreshedAt = nowMs();
  };
  await poll();
  const checkHead = async () => {
    const quiet = [...heardAt].filter(([id, at]) => !sub.pushedUntil.has(id) && nowMs() - at >= 2 * POLL_MS - 200).map(([id]) => id);
    if (quiet.length === 0) return;
    const { error } = await client.rpc('get_chisme_counts', { p_ids: JSON.stringify(quiet) }, { get: true });
    if (error) throw new Error(error.message);
    if (counting.on) sub.gets++;
    for (const id of quiet) heardAt.set(id, nowMs());
  };
  // the ticks land at a random point, as people arrive at random times
  const first = setTimeout(() => {
    const tick = () => {
      void (nowMs() - refreshedAt >= POLL_MS - 200 ? poll() : Promise.resolve()).catch(() => sub.getErrors++);
      void checkHead().catch(() => sub.getErrors++);
    };
    tick();
    sub.timers.push(setInterval(tick, POLL_TICK_MS));
  }, Math.random() * POLL_TICK_MS);
  sub.timers.push(first);
  sub.timers.push(setInterval(() => counting.on && tail.length > 0 && sub.tailAges.push((nowMs() - refreshedAt) / 1000), 1000));
  // some people lose their connection every 20 s, and rejoin after the web's jittered wait
  if (screen.reconnects) {
    sub.timers.push(
      setInterval(() => {
        void (async () => {
          await client.removeAllChannels();
          sub.channels = [];
          await sleep(1000 + Math.random() * 15_000);
          await joinAll();
          await poll();
        })().catch(() => sub.getErrors++);
      }, 20_000),
    );
  }
  return sub;
}

export async function measureScale(context: SectionContext, options: Partial<Options> = {}): Promise<void> {
  const { report } = context;
  const o: Options = { subscribers: 500, stormS: 60, likesPerS: 300, commentsPerS: 30, chismesPerS: 10, ...options };
  const label = 'Scale';
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
    // Likes before the storm in the storm's own Pareto order (the newest most), so that the
    // heads of top and trending hold the chismes the storm changes, as on a busy day.
    const owner = new pg.Client({ connectionString: DB_URL, application_name: 'bench scale warm-up' });
    await owner.connect();
    connections.push(owner);
    await owner.query(
      `update public.chismes c set likes = c.likes + 10000 - 10 * r.rank from unnest($1::uuid[]) with ordinality r (id, rank) where c.id = r.id`,
      [recent.map((c) => c.id)],
    );
    await sleep(5000); // that flush goes out before anyone listens
    const tabs = await readTabs(owner);

    // Subscribers, joined at a pace under the join limit.
    for (let k = 0; k < o.subscribers; k += 25) {
      const batch = Array.from({ length: Math.min(25, o.subscribers - k) }, (_, j) => subscribe(k + j, tabs, counting));
      subscribers.push(...(await Promise.all(batch)));
    }
    const channelsAtStart = subscribers.reduce((n, s) => n + s.channels.length, 0);
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

    // Delay at the top of each tab: from each change's commit to the first message for that
    // chisme arriving after it, at every subscriber whose head pushes it; a change never
    // followed by a message counts as missing.
    let maxDelay = 0;
    let missing = 0;
    const delays: number[] = [];
    // (people connected throughout: one who reconnects catches up with a GET when rejoined)
    for (const s of subscribers) {
      if (s.screen.reconnects) continue;
      for (const id of s.pushed) {
        // while the head pushed it (a flush interval's margin before the news moved it out)
        const until = (s.pushedUntil.get(id) ?? Number.POSITIVE_INFINITY) - 4500;
        const times = changes.get(id)?.filter((t) => t < until);
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
    const joinsPerMinute = subscribers.map((s) => (s.joins * 60) / o.stormS);
    const getsPerS = subscribers.reduce((n, s) => n + s.gets, 0) / o.stormS;
    const tailAges = subscribers.flatMap((s) => s.tailAges);
    const byGroup = (name: string, pick: (s: Subscriber) => boolean) => {
      const group = subscribers.filter(pick).map((s) => (s.messages * 60) / o.stormS);
      return { name, people: group.length, avg: round(group.reduce((a, b) => a + b, 0) / Math.max(1, group.length), 2), max: round(Math.max(0, ...group), 2) };
    };
    const groups = [
      ...(['recent', 'top', 'trending', 'old'] as const).flatMap((tab) => [
        byGroup(`${tab}, top of the tab`, (s) => s.screen.tab === tab && !s.screen.deep && !s.screen.author),
        byGroup(`${tab}, deep`, (s) => s.screen.tab === tab && s.screen.deep && !s.screen.author),
      ]),
      byGroup('desktop 1920×1080 at 50 % (11 cards)', (s) => s.screen.size === 'desktop'),
      byGroup('phone 390×844 (4 cards)', (s) => s.screen.size === 'phone'),
      byGroup('quiet mode (cotilleo)', (s) => s.screen.cotilleo),
      byGroup('reconnecting every 20 s', (s) => s.screen.reconnects),
      byGroup('authors of the storm (notifications)', (s) => s.screen.author),
    ];
    const rates = {
      likes: (done.likes + done.unlikes) / (stormMs / 1000),
      comments: done.comments / (stormMs / 1000),
      chismes: done.chismes / (stormMs / 1000),
    };

    report.add(label, `write storm: like/unlike per second (target ${o.likesPerS}, Pareto, one viral)`, rates.likes, '/s', { op: '>=', limit: o.likesPerS });
    report.add(label, `write storm: comments per second (target ${o.commentsPerS})`, rates.comments, '/s');
    report.add(label, `write storm: new chismes per second (target ${o.chismesPerS})`, rates.chismes, '/s');
    report.add(label, 'write storm: writes refused or failed', done.errors, '', undefined, [...errors].map(([k, v]) => `${v}× ${k}`).join('; '));
    report.add(label, 'people (real websockets, the mix of measure/scale.ts), channels at start', `${subscribers.length}, ${channelsAtStart}`, '');
    report.add(label, 'messages per person per minute, notifications included, average', avg, 'msg/min', { op: '<=', limit: BUDGET_PER_MINUTE });
    report.add(label, 'messages per person per minute, notifications included, p99', percentile(perMinute, 99), 'msg/min', {
      op: '<=',
      limit: BUDGET_P99_PER_MINUTE,
    });
    report.add(label, 'counts at the top of a tab: change → message at a person showing it, p50', d.p50 / 1000, 's');
    report.add(label, 'counts at the top of a tab: change → message at a person showing it, max', maxDelay / 1000, 's', { op: '<=', limit: STALE_TOP_S });
    report.add(label, 'changes at the top of a tab not followed by a message for a person showing it', missing, '', { op: '<=', limit: 0 });
    report.add(
      label,
      'long-tail counts on screen: age (refreshed on view, then when 30 s old, looked for every 10 s), max',
      Math.max(0, ...tailAges),
      's',
      { op: '<=', limit: (POLL_MS + POLL_TICK_MS) / 1000 + 2 },
      `${subscribers.reduce((n, s) => n + s.getErrors, 0)} GETs failed`,
    );
    report.add(
      label,
      'joins per person per minute, average (max)',
      `${round(joinsPerMinute.reduce((a, b) => a + b, 0) / Math.max(1, joinsPerMinute.length), 2)} (${round(Math.max(0, ...joinsPerMinute), 2)})`,
      '',
    );
    report.add(label, 'long-tail GETs (get_chisme_counts, replica-served) per second, all people', getsPerS, '/s');
    report.add(label, 'messages delivered per second, all people', totalPerS, 'msg/s');
    report.add(label, `extrapolated to ${PEOPLE.toLocaleString('en')} people online (Team limit ${TEAM_MESSAGES_PER_S}/s)`, at10k, 'msg/s', {
      op: '<=',
      limit: TEAM_MESSAGES_PER_S,
    });
    for (const g of groups) report.add(label, `messages per minute: ${g.name} (${g.people} people), average (max)`, `${g.avg} (${g.max})`, '');
    report.detail('scale', {
      design: 'heads',
      subscribers: subscribers.length,
      channelsAtStart,
      recentChismes: RECENT,
      stormS: round(stormMs / 1000, 1),
      writes: done,
      ratesPerS: { likes: round(rates.likes), comments: round(rates.comments), chismes: round(rates.chismes) },
      messagesPerMinute: { avg: round(avg, 2), p50: round(pm.p50, 2), p99: round(percentile(perMinute, 99), 2), max: round(Math.max(...perMinute), 2) },
      byGroup: groups,
      delayTopS: { p50: round(d.p50 / 1000, 2), p95: round(d.p95 / 1000, 2), max: round(maxDelay / 1000, 2), samples: delays.length, missing },
      tailAgeS: { p50: round(percentile(tailAges, 50), 1), max: round(Math.max(0, ...tailAges), 1) },
      joinsPerMinute: {
        avg: round(joinsPerMinute.reduce((a, b) => a + b, 0) / Math.max(1, joinsPerMinute.length), 2),
        max: round(Math.max(0, ...joinsPerMinute), 2),
      },
      getsPerS: round(getsPerS, 2),
      deliveredPerS: round(totalPerS),
      extrapolatedTo10kPerS: round(at10k),
    });
  } finally {
    counting.on = false;
    counting.recording = false;
    for (const s of subscribers) for (const timer of s.timers) clearInterval(timer);
    await Promise.all(subscribers.map((s) => s.client.removeAllChannels().catch(() => undefined)));
    await Promise.all(connections.map((c) => c.end().catch(() => undefined)));
  }
}
