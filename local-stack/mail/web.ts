// The mail catcher's HTTP side on :54324, as `supabase start`'s Mailpit: a small page to read
// the mails and Mailpit's HTTP API (v1) for tests: GET /api/v1/messages (newest first, `start`
// and `limit`), GET /api/v1/message/<ID|latest> (marks it read), GET /api/v1/message/<ID>/raw,
// DELETE /api/v1/messages (all, or `{"IDs": [...]}`); errors are plain text as Mailpit's.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readJson, sendJson } from '../shared/http.ts';
import type { CaughtMessage, MailStore } from './store.ts';

function summary(message: CaughtMessage): Record<string, unknown> {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    Read: message.Read,
    From: message.From,
    To: message.To,
    Cc: message.Cc,
    Bcc: message.Bcc,
    ReplyTo: message.ReplyTo,
    Subject: message.Subject,
    Created: message.Created,
    Username: '',
    Tags: [],
    Size: message.Size,
    Attachments: 0,
    Snippet: message.Text.replace(/\s+/g, ' ').trim().slice(0, 250),
  };
}

function detail(message: CaughtMessage): Record<string, unknown> {
  const { Raw: _raw, Created: _created, Read: _read, ...rest } = message;
  return { ...rest, Tags: [], Username: '', ListUnsubscribe: { Header: '', Links: [], Errors: '', HeaderPost: '' }, Inline: [], Attachments: [] };
}

function text(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

/**
 * A mail's HTML for the page's frame. Its links open in a new tab, as Mailpit's do: opened
 * inside the sandboxed frame a link runs with scripts blocked (a blank box) while spending its
 * one-time token. A `<base>` goes inside the head, so a full document keeps its doctype.
 */
function framed(message: CaughtMessage): string {
  const html = message.HTML || `<pre>${escapeHtml(message.Text)}</pre>`;
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  return head ? html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length) : base + html;
}

/** The page: the list, and one mail (its HTML in a sandboxed frame: its links open a new tab,
 * outside the sandbox, where the app runs; the mail's own scripts never run). Fits a phone. */
function page(store: MailStore, id: string | null): string {
  const chosen = id ? store.find(id) : undefined;
  if (chosen) chosen.Read = true;
  const rows = store.messages
    .map(
      (message) =>
        `<li${message.ID === chosen?.ID ? ' aria-current="true"' : ''}><a href="/?id=${message.ID}">${escapeHtml(message.Subject || '(no subject)')}</a> — ${escapeHtml(message.To.map((to) => to.Address).join(', '))} <small>${message.Created}</small></li>`,
    )
    .join('');
  const body = chosen
    ? `<h2>${escapeHtml(chosen.Subject)}</h2><p>From ${escapeHtml(chosen.From?.Address ?? '')} to ${escapeHtml(chosen.To.map((to) => to.Address).join(', '))}</p>
       <iframe title="mail" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" style="width:100%;height:60vh;border:1px solid #ccc;box-sizing:border-box" srcdoc="${escapeHtml(framed(chosen))}"></iframe>`
    : '<p>Pick a mail.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mail catcher</title></head>
<body style="font-family:sans-serif;max-width:60rem;margin:auto;padding:0 0.5rem;overflow-wrap:anywhere"><h1>Mail catcher (local stack)</h1>
<form method="post" action="/delete-all"><button>Delete all</button></form>
<ul>${rows || '<li>No mail yet.</li>'}</ul>${body}</body></html>`;
}

export function createMailWeb(store: MailStore): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    void (async () => {
      if (method === 'GET' && path === '/') return text(res, 200, page(store, url.searchParams.get('id')), 'text/html; charset=utf-8');
      if (method === 'POST' && path === '/delete-all') {
        store.remove();
        res.writeHead(303, { location: '/' });
        return void res.end();
      }
      if (method === 'GET' && path === '/api/v1/messages') {
        const start = Math.max(0, Number(url.searchParams.get('start')) || 0);
        const limit = Math.max(1, Number(url.searchParams.get('limit')) || 50);
        const all = store.messages;
        const messages = all.slice(start, start + limit).map(summary);
        const unread = all.filter((message) => !message.Read).length;
        return sendJson(res, 200, {
          total: all.length,
          unread,
          count: messages.length,
          messages_count: all.length,
          messages_unread: unread,
          start,
          tags: [],
          messages,
        });
      }
      if (method === 'DELETE' && path === '/api/v1/messages') {
        let ids: string[] | undefined;
        try {
          const body = await readJson(req, 1 << 20);
          ids = Array.isArray(body.IDs) ? body.IDs.map(String) : undefined;
        } catch {
          return text(res, 400, 'invalid JSON');
        }
        store.remove(ids);
        return text(res, 200, 'ok');
      }
      const one = /^\/api\/v1\/message\/([^/]+)(\/raw)?$/.exec(path);
      if (method === 'GET' && one) {
        const message = store.find(decodeURIComponent(one[1]!));
        if (!message) return text(res, 404, 'message not found');
        if (one[2]) return text(res, 200, message.Raw.toString('utf8'));
        message.Read = true;
        return sendJson(res, 200, detail(message));
      }
      return text(res, 404, '404 page not found');
    })().catch(() => text(res, 500, 'internal error'));
  });
}
