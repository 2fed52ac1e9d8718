// The database's text rules mirrored for instant feedback (the database applies them again):
// normalisation (NFKC, invisible characters removed, every space a plain space), markup
// stripping of real tags only, length as a person counts it, and the personal data guard.
// Keep in step with supabase/schemas/07-text-rules.sql (normalisation and personal data).

const invisible =
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u2800\u3164\uFE00-\uFE0D\uFEFF\uFFA0]/g;
// The zero-width joiner is kept only inside emoji sequences.
const strayJoiner = /\u200D(?![\u{1F000}-\u{1FAFF}\u2600-\u27BF\u2640\u2642\u2695\u2708\u2764])/gu;
const oddSpaces = /[\u0009\u000B\u000C\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/g;

/** NFKC, invisible characters removed, every space a plain space, trimmed. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(invisible, '')
    .replace(strayJoiner, '')
    .replace(oddSpaces, ' ')
    .replace(/^[ \r\n]+|[ \r\n]+$/g, '');
}

/** Removes <script> blocks, HTML comments and real tags (a lone "<" or ">" stays), then trims. */
export function stripMarkup(text: string): string {
  return text
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[A-Za-z][A-Za-z0-9:-]*(\s[^<>]*)?\/?>/g, '')
    .trim();
}

/** What the database stores for a chisme's or comment's content. */
export function cleanText(text: string): string {
  return stripMarkup(normalizeText(text));
}

const segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('es', { granularity: 'grapheme' }) : null;

/** Characters as a person counts them: one emoji (with skin tone, ZWJ sequence or flag) is one. */
export function visibleLength(text: string): number {
  if (segmenter) {
    let count = 0;
    for (const _segment of segmenter.segment(text)) count += 1;
    return count;
  }
  return [...text].length;
}

export type PersonalDataKind = 'email' | 'link' | 'phone' | 'handle';

// The same steps and expressions as private.find_personal_data, private.find_phone and
// private.mask_ordinary_numbers in supabase/schemas/07-text-rules.sql
// ([[:alnum:]] is [\p{L}\p{N}], [[:alpha:]] is \p{L}); supabase/tests/corpus/text-rules.json
// is checked against both.
const at = String.raw`(?:@|[(\[{]\s*(?:at|arroba)\s*[)\]}]|\s(?:arroba)\s)`;
const dot = String.raw`(?:\.|[(\[{]\s*(?:dot|punto)\s*[)\]}]|\s(?:dot|punto)\s)`;
const email = new RegExp(String.raw`[\p{L}\p{N}._%+-]+\s*${at}\s*[\p{L}\p{N}-]+(?:\s*${dot}\s*[\p{L}\p{N}-]+)*\s*${dot}\s*\p{L}{2,}`, 'iu');
// No dot-domain: a mail provider's name after @ / arroba / at, or arroba after an address-like name.
const providerEmail =
  /[\p{L}\p{N}._%+-]{2,}\s*(?:@|\s(?:arroba|at)\s|[(\[{]\s*(?:at|arroba)\s*[)\]}])\s*(?:g\s?mail|hotmail|outlook|yahoo|icloud|live|proton(?:mail)?|yandex|aol|msn|gmx)(?![\p{L}\p{N}])/iu;
const arrobaEmail =
  /(?:^|[^\p{L}\p{N}._%+-])(?=[\p{L}\p{N}._%+-]*[._\p{N}])[\p{L}\p{N}._%+-]{3,}\s*(?:\s(?:arroba)\s|[(\[{]\s*arroba\s*[)\]}])\s*[\p{L}\p{N}-]{3,}/iu;
const link = /(?:https?:\/\/|www\.|(?:^|[^\p{L}\p{N}])(?:t\.me|wa\.me|bit\.ly|linktr\.ee)\/)/iu;
const domain =
  /(?:^|[^\p{L}\p{N}-])[\p{L}\p{N}-]{2,}\.(?:com|net|org|es|mx|ar|co|cl|pe|uy|ve|ec|bo|py|io|me|ly|gg|info|xyz|app|link|tv|site|online)(?![\p{L}\p{N}])/iu;
const handles = [
  /(?:^|[^\p{L}\p{N}_.])@[\p{L}\p{N}_.]{3,30}/u,
  /(?:^|[^\p{L}\p{N}])(?:ig|insta|instagram|telegram|tg|tiktok|twitter|snap|snapchat|facebook|fb|onlyfans|discord)\s*[:=]\s*@?[\p{L}\p{N}_.]{3,30}/iu,
  /(?:^|[^\p{L}\p{N}])(?:ig|insta|instagram|telegram|tg|tiktok|twitter|snapchat)\s+@?(?=[\p{L}\p{N}_.]*[_\d])(?=[\p{L}\p{N}_.]*\p{L})[\p{L}\p{N}_.]{3,30}/iu,
  // a network's name joined to a name, as a tag or a word: #ig_maria, tiktok.lachismosa
  /(?:^|[^\p{L}\p{N}_.])#?(?:ig|insta|instagram|telegram|tg|tiktok|twitter|snap|snapchat|facebook|fb|onlyfans|discord)[_.-]+[\p{L}\p{N}_.]{3,30}/iu,
];
const ordinaryNumbers: RegExp[] = [
  /[$€£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:€|\$|%|(?:eur|euros?|pesos?|d[oó]lares?|usd|soles?|mil|millones?|k)(?![\p{L}\p{N}]))/giu,
  /(?<![\d/.-])(?:0?[1-9]|[12]\d|3[01])[/.-](?:0?[1-9]|1[0-2])[/.-](?:\d{4}|\d{2})(?![/.-]?\d)/gu,
  /(?<![\d/.-])\d{4}-\d{1,2}-\d{1,2}(?![/.-]?\d)/gu,
  /(?<![\d:])\d{1,2}(?::\d{2}){1,2}(?![\d:])|(?<!\d)\d{1,2}h\d{2}(?!\d)/giu,
  /(?<![\d.,/-])(?:1[89]|20)\d{2}(?![.,/-]?\d)/gu,
  /(?<![\d.,])\d{1,3}(?:[.,]\d{3})*[.,]000(?![.,]?\d)/gu,
];
const run = String.raw`\d(?:[\s.\-–—/()[\]_·,|]*\d)*`;
// One to three short words between two runs ([[:alpha:]] is \p{L}).
const joiningWords = String.raw`(?:[\s,;:]+\p{L}{1,15}){1,3}[\s,;:]+`;
const phoneChain = new RegExp(String.raw`${run}(?:${joiningWords}${run})*`, 'gu');
const joiningWordsSplit = new RegExp(joiningWords, 'u');
const digitWords = ['cero', 'un[oa]', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'].map(
  (word) => new RegExp(String.raw`(?<![\p{L}\p{N}])${word}(?![\p{L}\p{N}])`, 'giu'),
);

/** The digit words (cero…nueve, and una) as digits, so a phone written partly in words meets the phone rule. */
export function spellOutDigits(text: string): string {
  if (!/(?:cero|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)/i.test(text)) return text;
  return digitWords.reduce((spelled, pattern, digit) => spelled.replace(pattern, String(digit)), text);
}

/** Money, dates, times, years and round amounts become " # ", so that only phone-like digits remain. */
export function maskOrdinaryNumbers(text: string): string {
  return ordinaryNumbers.reduce((masked, pattern) => masked.replace(pattern, ' # '), text);
}

/**
 * Whether a normalised text holds a phone: 9 or more digits (digit words counted) joined by
 * separators or, in groups of 3 or more, by up to three short words.
 */
export function findPhone(text: string): boolean {
  let masked = spellOutDigits(text);
  if (!/\d/.test(masked)) return false;
  if (/\d[o]|[o]\d/i.test(masked)) {
    masked = masked
      .split(/\s/)
      .map((word) => (/^[+(]?[\do().\-/]*$/i.test(word) ? word.replace(/[oO]/g, '0') : word))
      .join(' ');
  }
  masked = maskOrdinaryNumbers(masked);
  return (masked.match(phoneChain) ?? []).some(
    (chain) =>
      chain
        .split(joiningWordsSplit)
        .map((part) => part.replace(/\D/g, '').length)
        .filter((digits) => digits >= 3)
        .reduce((sum, digits) => sum + digits, 0) >= 9,
  );
}

/** The kind of personal data a text carries, or null (the database's rule, for the warning). */
export function findPersonalData(text: string): PersonalDataKind | null {
  const normalized = normalizeText(text);
  if (email.test(normalized) || providerEmail.test(normalized) || arrobaEmail.test(normalized)) return 'email';
  if (link.test(normalized) || domain.test(normalized)) return 'link';
  if (findPhone(normalized)) return 'phone';
  if (handles.some((pattern) => pattern.test(normalized))) return 'handle';
  return null;
}
