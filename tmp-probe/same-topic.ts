// Probe: a screen that leaves a channel and joins the same topic again at once (a remount).
import { createClient } from '@supabase/supabase-js';
import { ANON_KEY, API_URL } from '../local-stack/keys.ts';
import { signedInUser, sql } from '../local-stack/tests/helpers.ts';

const user = await signedInUser('probe');
const supabase = user.client;
const first = supabase.channel('feed:casual', { config: { private: true } });
await new Promise<void>((resolve) => first.on('broadcast', { event: '*' }, () => {}).subscribe((s) => s === 'SUBSCRIBED' && resolve()));
console.log('first joined');
void supabase.removeChannel(first);
const second = supabase.channel('feed:casual', { config: { private: true } });
console.log('second is first:', second === first);
let joined = false; let got = 0;
second.on('broadcast', { event: '*' }, () => got++).subscribe((s) => { console.log('second status', s); if (s === 'SUBSCRIBED') joined = true; });
await new Promise((r) => setTimeout(r, 3000));
await sql(`select realtime.send('{"x":1}'::jsonb, 'chisme_counts', 'feed:casual', true)`);
await new Promise((r) => setTimeout(r, 1500));
console.log({ joined, got, channels: supabase.getChannels().length });
process.exit(0);
