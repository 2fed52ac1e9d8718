// Comment validation of spec section 5.
import { limits } from '../../../config/limits';
import { comments } from '../../../i18n/es/comments';
import { safety } from '../../../i18n/es/safety';
import { cleanText, findPersonalData, visibleLength } from '../../../lib/text-rules';

export type CommentValues = { content: string; gender: string | null; age: string; country: string | null };

export function validateComment(values: CommentValues, cotilleo: boolean): string | null {
  const content = cleanText(values.content);
  if (content === '') return comments.validation.contentRequired;
  if (visibleLength(content) > limits.commentContentMax) return comments.validation.contentTooLong;
  const personalData = findPersonalData(content);
  if (personalData) return safety.personalData(personalData);
  if (!values.gender) return comments.validation.genderRequired;
  const range = cotilleo ? limits.commentAge.cotilleo : limits.commentAge.casual;
  const age = Number(values.age);
  if (!/^\d{1,3}$/.test(values.age) || age < range.min || age > range.max) {
    return cotilleo ? comments.validation.ageCotilleo : comments.validation.ageCasual;
  }
  if (!values.country) return comments.validation.countryRequired;
  return null;
}
