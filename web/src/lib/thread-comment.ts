// A comment as a thread shows it (docs/api.md, `thread_comment`): what get_comments answers and
// the json add_comment answers. Typed from the generated composite type, checked where it
// arrives (lib/answer-shape.ts says why). A blocked author's comment that has replies the caller
// sees comes as a placeholder ("Comentario oculto"), and a deleted comment that has replies as
// another ("Comentario eliminado"): their position only, no text, no author details, so the
// row type is the union of the three shapes, told apart by `is_hidden` and `is_deleted`.
import { arrayOf, type Checked, expectAnswer, isBoolean, isNull, isNumber, isString, oneOf, orNull, type Shape, shaped } from './answer-shape';
import type { CompositeTypes } from './database';

type Generated = CompositeTypes<'thread_comment'>;

const position = {
  id: isString,
  chisme_id: isString,
  parent_id: orNull(isString),
  depth: isNumber,
  report: isNumber,
  created_at: isString,
  updated_at: isString,
  is_mine: isBoolean,
  is_chisme_author: isBoolean,
  content: isString,
  /** As FeedChisme.crisis. */
  crisis: isBoolean,
};

const shownShape = {
  ...position,
  gender: isString,
  country: isString,
  years: isNumber,
  commenter_number: isNumber,
  is_hidden: oneOf(false),
  is_deleted: oneOf(false),
} satisfies Shape<Generated>;

const placeholderShape = {
  ...position,
  gender: isNull,
  country: isNull,
  years: isNull,
  commenter_number: isNull,
  is_hidden: oneOf(true),
  is_deleted: oneOf(false),
} satisfies Shape<Generated>;

const deletedShape = {
  ...placeholderShape,
  is_hidden: oneOf(false),
  is_deleted: oneOf(true),
} satisfies Shape<Generated>;

export type ThreadComment = Checked<typeof shownShape> | Checked<typeof placeholderShape> | Checked<typeof deletedShape>;

const isShown = shaped(shownShape);
const isPlaceholder = shaped(placeholderShape);
const isDeleted = shaped(deletedShape);
const isThreadComment = (value: unknown): value is ThreadComment => isShown(value) || isPlaceholder(value) || isDeleted(value);
const isThreadComments = arrayOf(isThreadComment);

/** One comment, as add_comment answers it. */
export function expectThreadComment(answer: unknown, rpcName: string): ThreadComment {
  return expectAnswer(answer, isThreadComment, rpcName);
}

/** A page of comments; null (no rows) is an empty page. */
export function expectThreadComments(answer: unknown, rpcName: string): ThreadComment[] {
  return expectAnswer(answer ?? [], isThreadComments, rpcName);
}
