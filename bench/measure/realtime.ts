// Realtime: the fan-out cost of one message. Time from a like (committed) and the flush that
// follows it at once (private.flush_realtime, which the stack otherwise runs every 4 s) to the
// `chisme_counts` message arriving at every supabase-js client joined to the head topic that
// holds the new chisme (`head:recent:casual`), at 1, 100 and 500 subscribers. The write storm with coalescing is the scale section.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { FREE_USER_BASE } from '../lib/db.ts';
import { clientFor } from '../lib/clients.ts';
import { nowMs, round, sleep, summarize } from '../lib/stats.ts';
import type { SectionContext } from '../sections.ts';

interface Subscriber {
  client: SupabaseClient;
  channel: RealtimeChannel;
  arrivals: Map<string, number>;
}

async function subscribe(userIndex: number, topic: string, chismeId: string): Promise<Subscriber> {
  const client = await clientFor(userIndex);
  const arrivals = new Map<string, number>();
  const channel = client.channel(topic, { config: { private: true } });
  // keyed by the like count carried: each step of the section changes it
  channel.on('broadcast', { event: 'chisme_counts' }, (message) => {
    for (const counts of (message.payload as { counts: { id: string; likes: number }[] }).counts) {
      if (counts.id === chismeId) arrivals.set(String(counts.likes), nowMs());
    }
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('realtime subscribe timed out')), 30_000);
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') clearTimeout(timer), resolve();
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') clearTimeout(timer), reject(error ?? new Error(status));
    });
  });
  return { client, channel, arrivals };
}

export async function measureRealtime(context: SectionContext): Promise<void> {
  const { report, quick } = context;
  const levels = quick ? [1, 100] : [1, 100, 500];
  const inserts = quick ? 10 : 40;
  const { client: admin } = context;
  const writer = await clientFor(FREE_USER_BASE + 30);
  const author = await clientFor(FREE_USER_BASE + 29);
  const { data: created, error: createError } = await author.rpc('create_chisme', {
    p_gender: 'Hombre',
    p_years: 33,
    p_content: 'Chisme para medir el tiempo real de los contadores.',
    p_tags: [],
    p_country: 'España',
    p_cotilleo: false,
  });
  if (createError) throw new Error(`create_chisme: ${createError.message}`);
  const chismeId = (created as { id: string }).id;
  // the newest chisme of its mode: in the head of recent
  const topic = 'head:recent:casual';
  let liked = false;
  const subscribers: Subscriber[] = [];
  const details: Record<string, unknown> = {};
  try {
    for (const level of levels) {
      while (subscribers.length < level) {
        const batch = Array.from({ length: Math.min(50, level - subscribers.length) }, (_, k) =>
          subscribe(FREE_USER_BASE + 31 + ((subscribers.length + k) % 60), topic, chismeId),
        );
        subscribers.push(...(await Promise.all(batch)));
      }
      await sleep(500);
      const latencies: number[] = [];
      let missing = 0;
      for (let k = 0; k < inserts; k++) {
        for (const s of subscribers) s.arrivals.clear();
        const t0 = nowMs();
        const { error } = await writer.rpc(liked ? 'unlike_chisme' : 'like_chisme', { p_chisme_id: chismeId });
        if (error) throw new Error(`like: ${error.message}`);
        liked = !liked;
        await admin.query('select private.flush_realtime()');
        const id = liked ? '1' : '0'; // the only liker: the count the message must carry
        const deadline = nowMs() + 5000;
        while (subscribers.some((s) => !s.arrivals.has(id)) && nowMs() < deadline) await sleep(2);
        for (const s of subscribers) {
          const arrived = s.arrivals.get(id);
          if (arrived === undefined) missing++;
          else latencies.push(arrived - t0);
        }
        await sleep(50);
      }
      const s = summarize(latencies);
      details[String(level)] = { inserts, deliveries: latencies.length, missing, p50: round(s.p50, 2), p95: round(s.p95, 2) };
      report.add('Realtime', `${level} subscribers, like + flush → counts message p50`, s.p50, 'ms');
      report.add(
        'Realtime',
        `${level} subscribers, like + flush → counts message p95`,
        s.p95,
        'ms',
        level === 500 ? { op: '<=', limit: 150 } : undefined,
        missing ? `${missing} deliveries missing after 5 s` : undefined,
      );
      if (missing) report.add('Realtime', `${level} subscribers, deliveries missing`, missing, '', { op: '<=', limit: 0 });
    }
    if (quick) report.add('Realtime', '500 subscribers', 'not run in quick mode', '');
  } finally {
    await Promise.all(subscribers.map((s) => s.client.removeAllChannels()));
    report.detail('realtime', details);
  }
}
