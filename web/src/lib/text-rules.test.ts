import { describe, expect, it } from 'vitest';
import { cleanText, findPersonalData, normalizeText, visibleLength } from './text-rules';

describe('normalizeText', () => {
  it('turns NBSP, em spaces and ideographic spaces into spaces and trims', () => {
    expect(normalizeText('\u00A0\u00A0Hola a todas\u2003y todos\u3000')).toBe('Hola a todas y todos');
  });
  it('removes zero-width and bidi characters, so invisible padding is blank', () => {
    expect(normalizeText('\u200B'.repeat(20))).toBe('');
    expect(normalizeText('\u00A0'.repeat(20))).toBe('');
    expect(normalizeText('idi\u200Bo\u202Eta')).toBe('idiota');
  });
  it('folds full-width letters (NFKC)', () => {
    expect(normalizeText('\uFF28\uFF4F\uFF4C\uFF41')).toBe('Hola');
  });
  it('keeps the zero-width joiner inside emoji sequences', () => {
    expect(normalizeText('👨‍👩‍👧')).toBe('👨‍👩‍👧');
  });
});

describe('cleanText', () => {
  it('keeps "3 < 5 y 7 > 2" intact', () => {
    expect(cleanText('si 3 < 5 y 7 > 2')).toBe('si 3 < 5 y 7 > 2');
  });
  it('removes real tags, script blocks and comments', () => {
    expect(cleanText('<b>Hola</b> <script>alert(1)</script>mundo <!-- x --><img src=x onerror=alert(1)>cruel')).toBe('Hola mundo cruel');
  });
});

describe('visibleLength', () => {
  it('counts one emoji as one character, as the database does', () => {
    expect(visibleLength('👍🏽'.repeat(400))).toBe(400);
    expect(visibleLength('👨‍👩‍👧🇪🇸1️⃣é')).toBe(4);
    expect(visibleLength('hola')).toBe(4);
  });
});

describe('findPersonalData', () => {
  it.each([
    ['Llamadme al 612 345 678 esta noche', 'phone'],
    ['Mi número +34 612-34-56-78 ya sabéis', 'phone'],
    ['Escríbele al (55) 1234 5678 en CDMX', 'phone'],
    ['Su cel es +54 9 11 2345-6789 jaja', 'phone'],
    ['Escribe a ana.perez@gmail.com ya', 'email'],
    ['Escribe a ana arroba gmail punto com', 'email'],
    ['Seguidla en @la_chismosa22 que lo cuenta todo', 'handle'],
    ['Mirad www.ejemplo.com para más', 'link'],
    ['https://t.me/alguien', 'link'],
  ])('finds personal data in %s', (text, kind) => {
    expect(findPersonalData(text)).toBe(kind);
  });
  it.each(['Tengo 35 años y 3 hijos', 'Del 2019 al 2023 pasó de todo, 100.000.000 de pesos', 'si 3 < 5 y 7 > 2'])('leaves ordinary text alone: %s', (text) => {
    expect(findPersonalData(text)).toBeNull();
  });
});
