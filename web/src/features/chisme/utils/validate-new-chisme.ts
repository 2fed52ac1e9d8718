// New-post validation of spec section 5 (the database checks all of it again).
import { limits } from '../../../config/limits';
import { chisme } from '../../../i18n/es/chisme';
import { safety } from '../../../i18n/es/safety';
import { firstFailure, type FieldError } from '../../../lib/field-error';
import { cleanText, findPersonalData, visibleLength } from '../../../lib/text-rules';

export type NewChismeValues = { gender: string | null; age: string; content: string };

/** Normalises, strips script blocks and real markup tags, then trims (what the database stores). */
export function cleanContent(text: string): string {
  return cleanText(text);
}

function ageError(value: string, cotilleo: boolean): string | null {
  const range = cotilleo ? limits.postAge.cotilleo : limits.postAge.casual;
  const age = Number(value);
  if (/^\d{1,2}$/.test(value) && age >= range.min && age <= range.max) return null;
  return cotilleo ? chisme.validation.ageCotilleo : chisme.validation.ageCasual;
}

function contentError(text: string): string | null {
  const content = cleanContent(text);
  if (visibleLength(content) < limits.postContent.min) return chisme.validation.contentTooShort;
  if (visibleLength(content) > limits.postContent.max) return chisme.validation.contentTooLong;
  const personalData = findPersonalData(content);
  return personalData ? safety.personalData(personalData) : null;
}

export function validateNewChisme(values: NewChismeValues, cotilleo: boolean): FieldError<keyof NewChismeValues> | null {
  return firstFailure<keyof NewChismeValues>([
    ['gender', () => (values.gender ? null : chisme.validation.genderRequired)],
    ['age', () => ageError(values.age, cotilleo)],
    ['content', () => contentError(values.content)],
  ]);
}
