// Countries the app knows: the filter list (spec: Costa Rica first, Latin America, Spain, the
// United States, Canada, France, Germany, Italy, Portugal, Japan, China, India, Australia) and a
// few more major countries that get a flag. Matched by code or any alias, accents ignored.
export type Country = { code: string; name: string; aliases: string[]; inFilterList: boolean };

const country = (code: string, name: string, aliases: string[], inFilterList = true): Country => ({
  code,
  name,
  aliases,
  inFilterList,
});

export const countries: Country[] = [
  country('CR', 'Costa Rica', ['costa rica']),
  country('MX', 'México', ['mexico', 'mejico']),
  country('GT', 'Guatemala', ['guatemala']),
  country('HN', 'Honduras', ['honduras']),
  country('SV', 'El Salvador', ['el salvador', 'salvador']),
  country('NI', 'Nicaragua', ['nicaragua']),
  country('PA', 'Panamá', ['panama']),
  country('CU', 'Cuba', ['cuba']),
  country('DO', 'República Dominicana', ['republica dominicana', 'dominican republic']),
  country('PR', 'Puerto Rico', ['puerto rico']),
  country('CO', 'Colombia', ['colombia']),
  country('VE', 'Venezuela', ['venezuela']),
  country('EC', 'Ecuador', ['ecuador']),
  country('PE', 'Perú', ['peru']),
  country('BO', 'Bolivia', ['bolivia']),
  country('CL', 'Chile', ['chile']),
  country('AR', 'Argentina', ['argentina']),
  country('UY', 'Uruguay', ['uruguay']),
  country('PY', 'Paraguay', ['paraguay']),
  country('BR', 'Brasil', ['brasil', 'brazil']),
  country('HT', 'Haití', ['haiti']),
  country('BZ', 'Belice', ['belice', 'belize']),
  country('ES', 'España', ['espana', 'spain']),
  country('US', 'Estados Unidos', ['estados unidos', 'united states', 'united states of america', 'usa', 'eeuu', 'ee.uu.']),
  country('CA', 'Canadá', ['canada']),
  country('FR', 'Francia', ['francia', 'france']),
  country('DE', 'Alemania', ['alemania', 'germany', 'deutschland']),
  country('IT', 'Italia', ['italia', 'italy']),
  country('PT', 'Portugal', ['portugal']),
  country('JP', 'Japón', ['japon', 'japan']),
  country('CN', 'China', ['china']),
  country('IN', 'India', ['india']),
  country('AU', 'Australia', ['australia']),
  country('GB', 'Reino Unido', ['reino unido', 'united kingdom', 'uk', 'inglaterra', 'england'], false),
  country('NL', 'Países Bajos', ['paises bajos', 'netherlands', 'holanda', 'the netherlands'], false),
  country('CH', 'Suiza', ['suiza', 'switzerland'], false),
  country('BE', 'Bélgica', ['belgica', 'belgium'], false),
  country('SE', 'Suecia', ['suecia', 'sweden'], false),
  country('RU', 'Rusia', ['rusia', 'russia'], false),
  country('KR', 'Corea del Sur', ['corea del sur', 'south korea', 'korea'], false),
  country('GQ', 'Guinea Ecuatorial', ['guinea ecuatorial', 'equatorial guinea'], false),
];

/** The filter's value meaning "every country" (spec: code TDOS). */
export const allCountriesCode = 'TDOS';

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

/** The known country for a name alias or a two-letter code, or null. */
export function findCountry(nameOrCode: string | null | undefined): Country | null {
  if (!nameOrCode) return null;
  const wanted = normalise(nameOrCode);
  return countries.find((c) => c.code.toLowerCase() === wanted || normalise(c.name) === wanted || c.aliases.includes(wanted)) ?? null;
}

/** The flag emoji of a two-letter code (regional indicator symbols). */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}
