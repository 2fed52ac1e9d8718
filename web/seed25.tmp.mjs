import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
const url = 'http://127.0.0.1:54321';
const anon = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
const sb = createClient(url, anon, { realtime: { transport: WebSocket }, auth: { persistSession: false } });
const { error: e1 } = await sb.auth.signUp({ email: `bulk${Date.now()}@example.com`, password: 'Secreta123', options: { data: { username: 'bulk' } } });
if (e1) throw e1;
for (let i = 0; i < 25; i++) {
  const { error } = await sb.rpc('create_chisme', { p_gender: 'Mujer', p_years: 20 + i, p_content: `Chisme masivo número ${i} para paginar`, p_tags: ['#bulk'], p_country: 'Chile', p_cotilleo: false });
  if (error) throw error;
}
console.log('created 25');
process.exit(0);
