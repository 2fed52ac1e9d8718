// The readable page: Spanish headings that say what each part is, dates in the person's time
// zone, ids described by what they point to, the crisis flag in words, every part shown (an
// unknown one under its own name), and nothing of the data read as HTML.
import { describe, expect, it } from 'vitest';
import { readableExport } from './readable-export';

const mine = '11111111-2222-4333-8444-555555555555';
const theirs = '99999999-8888-4777-8666-555555555555';
const data = {
  exported_at: '2026-11-28T23:30:00Z',
  account: { email: 'ana@example.com', created_at: '2026-11-01T10:00:00Z' },
  chismes: [{ id: mine, content: 'Mi chisme <b>con</b> etiquetas', crisis: true, created_at: '2026-11-28T23:30:00Z' }],
  likes: [{ chisme_id: theirs, created_at: '2026-11-02T08:00:00Z' }],
  comments: [{ id: 'aaaaaaaa-2222-4333-8444-555555555555', chisme_id: mine, content: 'Comento lo mío', created_at: '2026-11-03T08:00:00Z' }],
  reports: [],
  blocked_people: 2,
  a_new_part: [{ something: 'nuevo' }],
};

describe('readableExport', () => {
  const page = readableExport(data, 'Europe/Madrid');
  const text = new DOMParser().parseFromString(page, 'text/html');

  it('titles each part in Spanish and says what it is', () => {
    const headings = [...text.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings).toEqual(expect.arrayContaining(['Tu cuenta', 'Tus chismes', 'Tus me gusta', 'Tus comentarios', 'Tus denuncias', 'Personas bloqueadas']));
    expect(text.body.textContent).toContain('Marcado como posible crisis');
    expect(text.body.textContent).toContain('Nunca se guarda ni se muestra quiénes son');
  });

  it("writes dates in the person's time zone", () => {
    expect(text.body.textContent).toContain('29 de noviembre de 2026 a las 0:30');
    expect(text.body.textContent).toContain('Europe/Madrid');
    expect(text.body.textContent).not.toContain('2026-11-28T23:30:00Z');
  });

  it('describes every id by what it points to, never a bare id alone', () => {
    const cells = [...text.querySelectorAll('td')].map((td) => td.textContent ?? '');
    expect(cells).toContain(`Tu chisme «Mi chisme <b>con</b> etiquetas» (ref. 11111111)`);
    expect(cells).toContain('Un chisme o contenido de otra persona (ref. 99999999)');
    expect(cells.some((cell) => /^[0-9a-f-]{36}$/.test(cell))).toBe(false);
    expect(cells).toContain('Sí');
  });

  it('shows an empty part as such, and a part it does not know under its own name', () => {
    expect(text.body.textContent).toContain('Nada guardado.');
    expect([...text.querySelectorAll('h2')].map((h) => h.textContent)).toContain('a_new_part');
  });

  it('reads nothing of the data as markup', () => {
    expect(text.querySelector('b')).toBeNull();
    expect(page).toContain('&lt;b&gt;con&lt;/b&gt;');
  });
});
