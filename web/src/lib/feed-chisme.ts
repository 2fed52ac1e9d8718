// The chisme row every screen shows (docs/api.md, `feed_chisme`): what get_feed, get_my_chismes
// and get_chisme answer, and the json create_chisme answers. Typed from the generated composite
// type, checked where it arrives (lib/answer-shape.ts says why).
import { arrayOf, type Checked, expectAnswer, isBoolean, isNumber, isString, type Shape, shaped } from './answer-shape';
import type { CompositeTypes } from './database';

const feedChismeShape = {
  id: isString,
  gender: isString,
  years: isNumber,
  country: isString,
  tags: arrayOf(isString),
  content: isString,
  cotilleo: isBoolean,
  likes: isNumber,
  comments: isNumber,
  report: isNumber,
  file_exist: isBoolean,
  created_at: isString,
  updated_at: isString,
  is_mine: isBoolean,
  liked_by_me: isBoolean,
  image_viewable: isBoolean,
  /** The text mentions suicide or self-harm: the "¿Necesitas hablar?" link (features/crisis). */
  crisis: isBoolean,
  /** The author deleted it and others' comments keep it as "Chisme eliminado" (routes/chisme). */
  is_deleted: isBoolean,
} satisfies Shape<CompositeTypes<'feed_chisme'>>;

export type FeedChisme = Checked<typeof feedChismeShape>;

/** Payload of `chisme_image` on a chisme's own topic: its image was stored (or removed). */
export type ChismeImage = Pick<FeedChisme, 'id' | 'file_exist' | 'image_viewable'>;

const isFeedChisme = shaped(feedChismeShape);
/** Whether `value` is a list of chismes (an answer shown before its fetcher takes it). */
export const isFeedChismes = arrayOf(isFeedChisme);

/** One chisme, as create_chisme answers it. */
export function expectFeedChisme(answer: unknown, rpcName: string): FeedChisme {
  return expectAnswer(answer, isFeedChisme, rpcName);
}

/** A list of chismes (a feed page, the person's own list); null (no rows) is an empty list. */
export function expectFeedChismes(answer: unknown, rpcName: string): FeedChisme[] {
  return expectAnswer(answer ?? [], isFeedChismes, rpcName);
}

/** A chisme the caller may see, or null: get_chisme answers null, or a row of nulls, otherwise. */
export function expectChismeOrNone(answer: unknown, rpcName: string): FeedChisme | null {
  if (answer === null || (typeof answer === 'object' && Reflect.get(answer, 'id') === null)) return null;
  return expectFeedChisme(answer, rpcName);
}
