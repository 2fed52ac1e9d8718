import { signedInUser, sql } from '../local-stack/tests/helpers.ts';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function scenario(name: string, run: (s: any) => Promise<any>) {
  const user = await signedInUser('probe');
  const supabase = user.client;
  const target = await run(supabase);
  await sleep(3000);
  let got = 0;
  const seen: string[] = [];
  target.channel.on('broadcast', { event: '*' }, () => got++);
  await sql(`select realtime.send('{"x":1}'::jsonb, 'chisme_counts', 'feed:casual', true)`);
  await sleep(1500);
  console.log(name, { status: target.status(), got, channels: supabase.getChannels().map((c: any) => c.state) });
  await supabase.removeAllChannels();
}
const track = (ch: any) => { let st = 'none'; ch.subscribe((s: string) => (st = s)); return { channel: ch, status: () => st }; };
await scenario('remove while joining, then rejoin at once', async (s) => {
  const a = s.channel('feed:casual', { config: { private: true } }).on('broadcast', { event: 'x' }, () => {});
  a.subscribe();
  await sleep(0);
  void s.removeChannel(a);
  await Promise.resolve();
  return track(s.channel('feed:casual', { config: { private: true } }).on('broadcast', { event: 'y' }, () => {}));
});
await scenario('joined; remove; rejoin after a microtask', async (s) => {
  const a = s.channel('feed:casual', { config: { private: true } });
  await new Promise<void>((r) => a.subscribe((st: string) => st === 'SUBSCRIBED' && r()));
  void s.removeChannel(a);
  await Promise.resolve();
  return track(s.channel('feed:casual', { config: { private: true } }));
});
await scenario('two screens on one topic, the first leaves', async (s) => {
  const a = s.channel('feed:casual', { config: { private: true } });
  await new Promise<void>((r) => a.subscribe((st: string) => st === 'SUBSCRIBED' && r()));
  const b = s.channel('feed:casual', { config: { private: true } });
  console.log('  b is a:', a === b);
  const t = track(b);
  await sleep(500);
  void s.removeChannel(a);
  return t;
});
process.exit(0);
