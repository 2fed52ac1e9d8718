// Spanish texts of the trust-and-safety rules: rate limits, new-account limits and the personal
// data guard.
import type { PersonalDataKind } from '../../lib/text-rules';

/** "30 segundos", "1 minuto", "2 horas": a wait in seconds, rounded up to the unit shown. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 segundo' : `${s} segundos`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hora' : `${hours} horas`;
}

const personalDataWhat: Record<PersonalDataKind, string> = {
  phone: 'números de teléfono',
  email: 'correos electrónicos',
  link: 'enlaces',
  handle: 'usuarios de redes sociales',
};

export const safety = {
  rateLimited: (seconds: number | undefined) =>
    seconds
      ? `Vas demasiado rápido. Espera ${formatWait(seconds)} antes de volver a intentarlo.`
      : 'Vas demasiado rápido. Espera un momento antes de volver a intentarlo.',
  personalData: (kind: string | undefined) =>
    `No compartas información personal: quita los ${personalDataWhat[kind as PersonalDataKind] ?? 'datos personales'}.`,
  newAccountLimited: (seconds: number | undefined) =>
    `Las cuentas nuevas tienen límites durante su primer día. Espera ${seconds ? formatWait(seconds) : 'un momento'} antes de volver a intentarlo.`,
  reportExplanationTooLong: 'La explicación no puede exceder los 2000 caracteres',
  countryTooLong: 'El país no puede exceder los 100 caracteres',
  textTooLong: 'El texto es demasiado largo',
  displayNameInvalid: 'El nombre debe tener entre 1 y 100 caracteres',
} as const;
