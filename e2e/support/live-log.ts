// What a person's page said and heard on its Realtime socket, and what it logged as an error:
// printed when a journey fails, because a live update that never came leaves no other trace in
// CI's output (the Playwright trace stays on the machine that ran it).
import type { Page, WebSocket } from 'playwright-core';

const keep = 80;

type Frame = { topic?: string; event?: string; payload?: { status?: string; event?: string; response?: unknown; reason?: unknown } };

/** Phoenix frames are [join_ref, ref, topic, event, payload] (vsn 2.0.0) or objects (1.0.0). */
function summarize(direction: '→' | '←', text: string | Buffer): string | undefined {
  if (typeof text !== 'string') return `${direction} (binary ${text.length} B)`;
  let frame: Frame;
  try {
    const parsed = JSON.parse(text) as unknown;
    frame = Array.isArray(parsed) ? { topic: parsed[2] as string, event: parsed[3] as string, payload: parsed[4] as Frame['payload'] } : (parsed as Frame);
  } catch {
    return `${direction} ${text.slice(0, 80)}`;
  }
  if (frame.topic === 'phoenix') return undefined; // heartbeats
  const payload = frame.payload ?? {};
  const detail =
    frame.event === 'broadcast'
      ? payload.event
      : frame.event === 'phx_reply'
        ? `${payload.status} ${JSON.stringify(payload.response ?? {}).slice(0, 80)}`
        : frame.event === 'system'
          ? JSON.stringify(payload).slice(0, 120)
          : '';
  return `${direction} ${frame.topic} ${frame.event} ${detail ?? ''}`.trim();
}

export function recordLiveLog(page: Page): () => string[] {
  const lines: string[] = [];
  const started = Date.now();
  const add = (line: string | undefined) => {
    if (!line) return;
    lines.push(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s ${line}`);
    if (lines.length > keep) lines.shift();
  };
  page.on('websocket', (socket: WebSocket) => {
    if (!socket.url().includes('/realtime/')) return;
    add('socket open');
    socket.on('framesent', ({ payload }) => add(summarize('→', payload)));
    socket.on('framereceived', ({ payload }) => add(summarize('←', payload)));
    socket.on('close', () => add('socket closed'));
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') add(`console.${message.type()}: ${message.text().slice(0, 160)}`);
  });
  page.on('pageerror', (error) => add(`page error: ${error.message.slice(0, 160)}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) add(`at ${new URL(frame.url()).pathname}`);
  });
  return () => [...lines];
}
