// Crisis lines shown by the support card (features/crisis), by the person's country code. Each
// number was checked against the source given with it (the developer's search, 2026-11-27);
// review them at least once a year. `tel` is what a phone dials. `timeZones` are the country's
// IANA zones (an entry ending in "/" covers the zones under it): when the country is unknown,
// the browser's zone says where the person is (features/crisis/utils/crisis-line-for.ts).
export type CrisisLine = {
  country: string;
  name: string;
  number: string;
  tel: string;
  hours: string;
  source: string;
  timeZones: readonly string[];
};

export const crisisLines: Record<string, CrisisLine> = {
  ES: {
    country: 'España',
    name: 'Línea 024 de atención a la conducta suicida',
    number: '024',
    tel: '024',
    hours: 'Gratuita, confidencial, 24 horas',
    source: 'https://www.rtve.es/noticias/20220509/sanidad-presenta-telefono-prevencion-suicidio/2347183.shtml',
    timeZones: ['Europe/Madrid', 'Africa/Ceuta', 'Atlantic/Canary'],
  },
  MX: {
    country: 'México',
    name: 'Línea de la Vida',
    number: '800 911 2000',
    tel: '8009112000',
    hours: 'Gratuita, 24 horas, los 365 días',
    source: 'https://www.eluniversal.com.mx/nacion/promueven-la-linea-de-la-vida-tras-presentar-encuesta-sobre-consumo-de-drogas-asi-puedes-pedir-ayuda/',
    timeZones: [
      'America/Mexico_City',
      'America/Cancun',
      'America/Merida',
      'America/Monterrey',
      'America/Matamoros',
      'America/Chihuahua',
      'America/Ciudad_Juarez',
      'America/Ojinaga',
      'America/Mazatlan',
      'America/Bahia_Banderas',
      'America/Hermosillo',
      'America/Tijuana',
      'America/Ensenada',
      'Mexico/',
    ],
  },
  AR: {
    country: 'Argentina',
    name: 'Centro de Asistencia al Suicida (135 en CABA y Gran Buenos Aires; (011) 5275-1135 desde todo el país)',
    number: '135',
    tel: '135',
    hours: 'Gratuita',
    source: 'https://lapostacomodorense.com.ar/2025/09/03/septiembre-mes-de-la-prevencion-del-suicidio-la-importancia-de-escuchar-acompanar-y-abrazar/',
    timeZones: ['America/Argentina/', 'America/Buenos_Aires', 'America/Catamarca', 'America/Cordoba', 'America/Jujuy', 'America/Mendoza', 'America/Rosario'],
  },
  CO: {
    country: 'Colombia',
    name: 'Línea 192, opción 4 (Ministerio de Salud)',
    number: '192 opción 4',
    tel: '192',
    hours: 'Gratuita, 24 horas',
    source:
      'https://infobae.com/america/colombia/2021/04/15/la-linea-192-de-minsalud-atendio-mas-de-18-mil-colombianos-en-servicios-de-salud-mental-el-ultimo-ano',
    timeZones: ['America/Bogota'],
  },
  CL: {
    country: 'Chile',
    name: 'Línea de Prevención del Suicidio *4141 (Ministerio de Salud)',
    number: '*4141',
    tel: '*4141',
    hours: 'Gratuita, confidencial, 24 horas',
    source:
      'https://www.biobiochile.cl/noticias/nacional/chile/2023/01/06/no-estas-solo-minsal-lanza-fono-confidencial-4141-para-auxiliar-a-personas-con-ideacion-suicida.shtml',
    timeZones: ['America/Santiago', 'America/Punta_Arenas', 'Pacific/Easter', 'Chile/'],
  },
  PE: {
    country: 'Perú',
    name: 'Línea 113, opción 5 (Ministerio de Salud)',
    number: '113 opción 5',
    tel: '113',
    hours: 'Gratuita, 24 horas',
    source: 'https://panamericana.pe/salud/466160-minsa-refuerza-lineas-gratuitas-atencion-salud-mental-nivel-nacional',
    timeZones: ['America/Lima'],
  },
  US: {
    country: 'Estados Unidos',
    name: 'Línea 988 de Prevención del Suicidio y Crisis (en español)',
    number: '988',
    tel: '988',
    hours: 'Gratuita, 24 horas; hay atención en español',
    source: 'https://vidaysalud.com/988-linea-de-prevencion-del-suicidio-y-de-crisis',
    timeZones: [
      'America/New_York',
      'America/Detroit',
      'America/Kentucky/',
      'America/Indiana/',
      'America/Chicago',
      'America/Menominee',
      'America/North_Dakota/',
      'America/Denver',
      'America/Boise',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'America/Juneau',
      'America/Sitka',
      'America/Metlakatla',
      'America/Yakutat',
      'America/Nome',
      'America/Adak',
      'Pacific/Honolulu',
      'US/',
    ],
  },
};

/** Anywhere else: the international directory of free helplines. */
export const crisisFallback = {
  name: 'Find A Helpline: líneas de ayuda gratuitas de cada país',
  url: 'https://findahelpline.com',
  source: 'https://findahelpline.com/AU',
} as const;
