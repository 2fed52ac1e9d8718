// The readable companion of "Descargar mis datos" (LEEME.html in the same zip): every part of
// get_my_data's document under a Spanish heading that says what it is, dates in the person's
// time zone, and every id described by what it points to (one of their chismes, with its
// first words, or someone else's content), never a bare id alone. A part this page does not
// know yet is still shown, under its own name, so nothing in the data is left unread.
import { exportTexts, type ExportPart } from '../../../i18n/es/export';

type Row = Record<string, unknown>;
const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idColumns = new Set(['id', 'chisme_id', 'comment_id', 'parent_id', 'target_id']);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const asRows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((row): row is Row => typeof row === 'object' && row !== null) : []);

/** What an id points to, in words: one of the person's own chismes or comments, or someone else's. */
function idDescriber(data: Row): (id: string, column: string) => string {
  const own = new Map<string, string>();
  for (const chisme of asRows(data.chismes)) own.set(String(chisme.id), exportTexts.ownChisme(snippet(chisme.content)));
  for (const comment of asRows(data.comments)) own.set(String(comment.id), exportTexts.ownComment(snippet(comment.content)));
  return (id, column) => {
    const reference = exportTexts.reference(id.slice(0, 8));
    if (column === 'id') return reference;
    const mine = own.get(id);
    if (mine) return `${mine} (${reference})`;
    return `${column === 'comment_id' || column === 'parent_id' ? exportTexts.othersComment : exportTexts.othersContent} (${reference})`;
  };
}

function snippet(content: unknown): string {
  const text = typeof content === 'string' ? content : '';
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** The readable page, as one self-contained HTML document (no request of any kind). */
export function readableExport(data: Row, timeZone: string): string {
  const date = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone });
  const describe = idDescriber(data);
  const cell = (value: unknown, column: string): string => {
    if (value === null || value === undefined) return '—';
    if (typeof value === 'boolean') return value ? exportTexts.yes : exportTexts.no;
    if (typeof value === 'string' && isoDate.test(value) && !Number.isNaN(Date.parse(value))) return date.format(new Date(value));
    if (typeof value === 'string' && uuid.test(value)) return describe(value, idColumns.has(column) ? column : 'target_id');
    if (Array.isArray(value)) return value.map((item) => cell(item, column)).join(', ') || '—';
    if (typeof value === 'object') {
      return Object.entries(value as Row)
        .map(([key, inner]) => `${exportTexts.label(key)}: ${cell(inner, key)}`)
        .join('; ');
    }
    return String(value);
  };
  const section = (key: string, part: ExportPart | undefined, value: unknown): string => {
    const title = part?.title ?? key;
    const head = `<h2>${escapeHtml(title)}</h2>${part ? `<p>${escapeHtml(part.about)}</p>` : ''}`;
    if (Array.isArray(value)) {
      if (value.length === 0) return `${head}<p class="empty">${escapeHtml(exportTexts.none)}</p>`;
      const rows = value.map((item): Row => (typeof item === 'object' && item !== null ? (item as Row) : { value: item }));
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      const header = columns.map((column) => `<th scope="col">${escapeHtml(exportTexts.label(column))}</th>`).join('');
      const body = rows.map((row) => `<tr>${columns.map((column) => `<td>${escapeHtml(cell(row[column], column))}</td>`).join('')}</tr>`).join('');
      return `${head}<table><thead><tr>${header}</tr></thead><tbody>${body}</tbody></table>`;
    }
    if (value !== null && typeof value === 'object') {
      const items = Object.entries(value as Row)
        .map(([inner, innerValue]) => `<dt>${escapeHtml(exportTexts.label(inner))}</dt><dd>${escapeHtml(cell(innerValue, inner))}</dd>`)
        .join('');
      return `${head}<dl>${items}</dl>`;
    }
    return `${head}<p class="value">${escapeHtml(value === null || value === undefined ? exportTexts.none : cell(value, key))}</p>`;
  };
  const known = exportTexts.parts.map(({ key }) => key);
  const sections = [
    ...exportTexts.parts.filter(({ key }) => key in data).map((part) => section(part.key, part, data[part.key])),
    ...Object.keys(data)
      .filter((key) => !known.includes(key) && key !== 'exported_at')
      .map((key) => section(key, undefined, data[key])),
  ];
  const exportedAt = typeof data.exported_at === 'string' ? date.format(new Date(data.exported_at)) : '';
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(exportTexts.pageTitle)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1a1b1e; line-height: 1.5; }
h2 { margin-top: 2rem; border-bottom: 1px solid #ced4da; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { border: 1px solid #ced4da; padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #f1f3f5; }
.empty { color: #495057; font-style: italic; }
dt { font-weight: 600; }
dd { margin: 0 0 0.5rem 0; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(exportTexts.pageTitle)}</h1>
<p>${escapeHtml(exportTexts.intro(exportedAt, timeZone))}</p>
${sections.join('\n')}
</main>
</body>
</html>
`;
}
