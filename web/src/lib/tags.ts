// Tag entry rules shared by the filters and the new-post form (spec section 5).
import { limits } from '../config/limits';
import { filters } from '../i18n/es/filters';

/** Adds a tag with a leading '#': blank ignored, at most 3, each at most 20 characters. */
export function addTag(tags: string[], raw: string): { tags: string[]; error: string | null } {
  const bare = raw.trim().replace(/^#+/, '');
  if (bare === '') return { tags, error: null };
  if (bare.length > limits.tags.maxLength) return { tags, error: filters.validation.tagTooLong };
  const tag = `#${bare}`;
  if (tags.includes(tag)) return { tags, error: null };
  if (tags.length >= limits.tags.max) return { tags, error: filters.validation.tooManyTags };
  return { tags: [...tags, tag], error: null };
}
