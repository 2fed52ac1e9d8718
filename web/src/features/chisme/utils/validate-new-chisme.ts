// New-post validation of spec section 5 (the database checks all of it again).
import { limits } from '../../../config/limits';
import { chisme } from '../../../i18n/es/chisme';

export type NewChismeValues = { gender: string | null; age: string; content: string };

/** Strips script blocks and markup tags, then trims (what the database stores). */
export function cleanContent(text: string): string {
  return text
    .replace(/<script[\s\S]*?<\/script>/gi, '')
    .replace(/<[^>]*>/g, '')
    .trim();
}

export function validateNewChisme(values: NewChismeValues, cotilleo: boolean): string | null {
  if (!values.gender) return chisme.validation.genderRequired;
  const range = cotilleo ? limits.postAge.cotilleo : limits.postAge.casual;
  const age = Number(values.age);
  if (!/^\d{1,2}$/.test(values.age) || age < range.min || age > range.max) {
    return cotilleo ? chisme.validation.ageCotilleo : chisme.validation.ageCasual;
  }
  const content = cleanContent(values.content);
  if (content.length < limits.postContent.min) return chisme.validation.contentTooShort;
  if (content.length > limits.postContent.max) return chisme.validation.contentTooLong;
  return null;
}
