// The part of Go's html/template that Auth's mail templates use, rendered as GoTrue renders
// them (supabase/auth internal/mailer/templatemailer/template.go parses subjects and bodies with
// html/template): `{{ .Name }}` and `{{ .Data.key }}` actions, `{{/* comments */}}`, the `{{-`
// and `-}}` trim markers, HTML comments dropped from the output, and each value escaped for
// where it stands: text (and <title>), a quoted attribute, or a URL attribute (filtered and
// normalised at its start, query-escaped after a `?` or `#`). A missing key prints nothing.
// Anything else (if/range/pipelines, actions in scripts, styles, event handlers or tags) is a
// TemplateError when the template is compiled.
//
// One implementation for both renderers of the project's templates: this function (the Send
// Email hook writes the mails GoTrue would have written) and the local stack's Auth, which
// renders them as GoTrue when no hook is on (local-stack/auth/go-template.ts re-exports it).
// Plain TypeScript, no Deno or Node API, so both runtimes load it.

export class TemplateError extends Error {}

type Part = { text: string } | { path: string[]; context: Context };
type Context = { kind: 'text' } | { kind: 'attr' } | { kind: 'url'; part: 'start' | 'pre-query' | 'query' } | { kind: 'comment' };

/** html/template's htmlReplacementTable (text, RCDATA and quoted attributes). */
const HTML_ESCAPES: Record<string, string> = { '\0': '\uFFFD', '"': '&#34;', '&': '&amp;', "'": '&#39;', '+': '&#43;', '<': '&lt;', '>': '&gt;' };
const escapeHtml = (value: string): string => value.replace(/[\0"&'+<>]/g, (character) => HTML_ESCAPES[character]!);

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[!#$&*+,/:;=?@[\]]/;

/** html/template's processURLOnto: percent-encodes (lower-case hex) what a URL may not hold. */
function escapeUrl(value: string, normalise: boolean): string {
  let out = '';
  const bytes = new TextEncoder().encode(value);
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index]!;
    const character = String.fromCharCode(byte);
    const keep = byte < 0x80 &&
      (UNRESERVED.test(character) ||
        (normalise && RESERVED.test(character)) ||
        (normalise && character === '%' && /^[0-9A-Fa-f]{2}$/.test(String.fromCharCode(bytes[index + 1] ?? 0, bytes[index + 2] ?? 0))));
    out += keep ? character : `%${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** html/template's urlFilter: only http, https and mailto (or no scheme) pass. */
const safeUrl = (value: string): string => {
  const colon = value.indexOf(':');
  if (colon < 0 || value.slice(0, colon).includes('/')) return value;
  return /^(https?|mailto)$/i.test(value.slice(0, colon)) ? value : '#ZgotmplZ';
};

/** Go's %v for float64 (strconv 'g', shortest): exponent form below 1e-4 and from 1e6 (1e+06). */
function goFloat(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return '0';
  const [mantissa, power] = value.toExponential().split('e') as [string, string];
  const exp = Number(power);
  if (exp < -4 || exp >= 6) return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(value);
}

/** fmt.Sprint of a JSON value as Go decodes it (map[string]any, []any, float64, string, bool). */
function goPrint(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return goFloat(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map((item) => (item === null ? '<nil>' : goPrint(item))).join(' ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `map[${entries.map(([key, item]) => `${key}:${item === null ? '<nil>' : goPrint(item)}`).join(' ')}]`;
}

function lookup(data: Record<string, unknown>, path: string[]): unknown {
  let value: unknown = data;
  for (const name of path) {
    if (value === null || value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw new TemplateError(`can't evaluate field ${name} in type ${typeof value}`);
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

function escapeFor(context: Context, value: string): string {
  switch (context.kind) {
    case 'comment':
      return '';
    case 'text':
    case 'attr':
      return escapeHtml(value);
    case 'url':
      if (context.part === 'query') return escapeHtml(escapeUrl(value, false));
      return escapeHtml(escapeUrl(context.part === 'start' ? safeUrl(value) : value, true));
  }
}

/** html/template's attrType: which attribute values are URLs. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'cite',
  'formaction',
  'background',
  'poster',
  'longdesc',
  'icon',
  'manifest',
  'usemap',
  'codebase',
  'data',
]);
const isUrlAttribute = (name: string): boolean => URL_ATTRIBUTES.has(name) || /src|uri|url/.test(name);

/**
 * Walks the literal HTML between actions, as html/template's context transitions do, keeping
 * the state across literals; `feed` returns the text to output (HTML comments removed).
 */
function createScanner() {
  let state: 'text' | 'comment' | 'tag' | 'attr-name' | 'after-name' | 'before-value' | 'value' | 'unquoted' | 'raw' = 'text';
  let tagName = '';
  let attrName = '';
  let quote = '';
  let urlPart: 'start' | 'pre-query' | 'query' = 'start';
  let rawEnd = '';
  return {
    feed(text: string): string {
      let out = '';
      let index = 0;
      while (index < text.length) {
        const character = text[index]!;
        switch (state) {
          case 'text': {
            if (text.startsWith('<!--', index)) {
              state = 'comment';
              index += 4;
              continue;
            }
            const tag = /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(text.slice(index));
            if (tag) {
              tagName = text[index + 1] === '/' ? '' : tag[1]!.toLowerCase();
              state = 'tag';
              out += tag[0];
              index += tag[0].length;
              continue;
            }
            break;
          }
          case 'comment':
            if (text.startsWith('-->', index)) {
              state = 'text';
              index += 3;
            } else index += 1;
            continue;
          case 'raw':
            if (text.slice(index, index + rawEnd.length).toLowerCase() === rawEnd) {
              state = 'tag';
              out += text.slice(index, index + rawEnd.length);
              index += rawEnd.length;
              tagName = '';
              continue;
            }
            break;
          case 'tag':
          case 'after-name':
            if (character === '>') {
              const raw = ['script', 'style', 'textarea', 'title'].includes(tagName);
              state = raw ? 'raw' : 'text';
              rawEnd = `</${tagName}`;
            } else if (character === '=' && state === 'after-name') state = 'before-value';
            else if (/[^\s/]/.test(character)) {
              state = 'attr-name';
              attrName = character.toLowerCase();
            }
            break;
          case 'attr-name':
            if (/[\s=>/]/.test(character)) {
              state = 'after-name';
              continue;
            }
            attrName += character.toLowerCase();
            break;
          case 'before-value':
            if (character === '"' || character === "'") {
              state = 'value';
              quote = character;
              urlPart = 'start';
            } else if (/\S/.test(character)) {
              state = 'unquoted';
              continue;
            }
            break;
          case 'value':
            if (character === quote) state = 'tag';
            else if (character === '?' || character === '#') urlPart = 'query';
            else if (/\S/.test(character) && urlPart === 'start') urlPart = 'pre-query';
            break;
          case 'unquoted':
            if (/[\s>]/.test(character)) {
              state = 'tag';
              continue;
            }
            break;
        }
        out += character;
        index += 1;
      }
      return out;
    },
    /** Where an action standing here would print, or why it cannot be rendered. */
    context(): Context | string {
      if (state === 'text') return { kind: 'text' };
      if (state === 'comment') return { kind: 'comment' };
      if (state === 'raw') return tagName === 'title' || tagName === 'textarea' ? { kind: 'text' } : `inside <${tagName}>`;
      if (state === 'value') {
        if (attrName.startsWith('on') || attrName === 'style') return `in the ${attrName} attribute`;
        return isUrlAttribute(attrName) ? { kind: 'url', part: urlPart } : { kind: 'attr' };
      }
      return state === 'unquoted' ? 'in an unquoted attribute value' : 'inside a tag';
    },
  };
}

const ACTION = /\{\{(-[ \t\r\n])?([\s\S]*?)([ \t\r\n]-)?\}\}/g;

/** Compiles a template once; the function renders it with GoTrue's data map. */
export function compileTemplate(source: string): (data: Record<string, unknown>) => string {
  const parts: Part[] = [];
  const scanner = createScanner();
  let last = 0;
  let trimNext = false;
  const literal = (text: string): void => {
    if (text) parts.push({ text: scanner.feed(text) });
  };
  for (const match of source.matchAll(ACTION)) {
    let text = source.slice(last, match.index);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (match[1]) text = text.replace(/\s+$/, '');
    literal(text);
    last = match.index + match[0].length;
    trimNext = Boolean(match[3]);
    const body = match[2]!.trim();
    if (/^\/\*[\s\S]*\*\/$/.test(body)) continue;
    if (!/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(body)) {
      throw new TemplateError(`{{ ${body} }} is not rendered by the local stack (only {{ .Name }} and {{ .Data.key }} actions)`);
    }
    const context = scanner.context();
    if (typeof context === 'string') {
      throw new TemplateError(`{{ ${body} }} ${context} is not rendered by the local stack (only in text and quoted attributes)`);
    }
    parts.push({ path: body.slice(1).split('.'), context });
  }
  let rest = source.slice(last);
  if (trimNext) rest = rest.replace(/^\s+/, '');
  if (rest.includes('{{')) throw new TemplateError('an unclosed {{ action (GoTrue would send its default template instead)');
  literal(rest);
  return (data) => parts.map((part) => ('text' in part ? part.text : escapeFor(part.context, goPrint(lookup(data, part.path))))).join('');
}

/** The names every action of the template reads first (`.Data.key` → `Data`). */
export function variablesOf(source: string): string[] {
  return [...source.matchAll(ACTION)].map((match) => /^\.([A-Za-z_][A-Za-z0-9_]*)/.exec(match[2]!.trim())?.[1]).filter((name): name is string => Boolean(name));
}
