// Comment validation of spec section 5; the first failure only, with its field (the country is
// detected, not typed, so its failure belongs to the form).
import { limits } from '../../../config/limits';
import { comments } from '../../../i18n/es/comments';
import { safety } from '../../../i18n/es/safety';
import { firstFailure, type FieldError } from '../../../lib/field-error';
import { cleanText, findPersonalData, visibleLength } from '../../../lib/text-rules';

export type CommentFields = { content: string; gender: string | null; age: string };
export type CommentValues = CommentFields & { country: string | null };

function contentError(text: string): string | null {
  const content = cleanText(text);
  if (content === '') return comments.validation.contentRequired;
  if (visibleLength(content) > limits.commentContentMax) return comments.validation.contentTooLong;
  const personalData = findPersonalData(content);
  return personalData ? safety.personalData(personalData) : null;
}

function ageError(value: string, cotilleo: boolean): string | null {
  const range = cotilleo ? limits.commentAge.cotilleo : limits.commentAge.casual;
  const age = Number(value);
  if (/^\d{1,3}$/.test(value) && age >= range.min && age <= range.max) return null;
  return cotilleo ? comments.validation.ageCotilleo : comments.validation.ageCasual;
}

export function validateComment(values: CommentValues, cotilleo: boolean): FieldError<keyof CommentFields> | null {
  return firstFailure<keyof CommentFields>([
    ['content', () => contentError(values.content)],
    ['gender', () => (values.gender ? null : comments.validation.genderRequired)],
    ['age', () => ageError(values.age, cotilleo)],
    [null, () => (values.country ? null : comments.validation.countryRequired)],
  ]);
}
