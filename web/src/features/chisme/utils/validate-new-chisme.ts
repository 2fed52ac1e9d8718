// New-post validation of spec section 5 (the database checks all of it again).
import { limits } from '../../../config/limits';
import { chisme } from '../../../i18n/es/chisme';
import { safety } from '../../../i18n/es/safety';
import { cleanText, findPersonalData, visibleLength } from '../../../lib/text-rules';

export type NewChismeValues = { gender: string | null; age: string; content: string };

/** Normalises, strips script blocks and real markup tags, then trims (what the database stores). */
export function cleanContent(text: string): string {
  return cleanText(text);
}

export function validateNewChisme(values: NewChismeValues, cotilleo: boolean): string | null {
  if (!values.gender) return chisme.validation.genderRequired;
  const range = cotilleo ? limits.postAge.cotilleo : limits.postAge.casual;
  const age = Number(values.age);
  if (!/^\d{1,2}$/.test(values.age) || age < range.min || age > range.max) {
    return cotilleo ? chisme.validation.ageCotilleo : chisme.validation.ageCasual;
  }
  const content = cleanContent(values.content);
  if (visibleLength(content) < limits.postContent.min) return chisme.validation.contentTooShort;
  if (visibleLength(content) > limits.postContent.max) return chisme.validation.contentTooLong;
  const personalData = findPersonalData(content);
  if (personalData) return safety.personalData(personalData);
  return null;
}
