// The person's decisions (statements of reasons about their content and account) and reports
// (with the decision on each), complaints and withdrawals
// (docs/decisions/0035-notice-and-action.md, 0036-statements-and-complaints.md).
import { arrayOf, type Check, type Checked, expectAnswer, isBoolean, isNumber, isString, orNull, shaped } from '../../../lib/answer-shape';
import type { Json } from '../../../lib/database';
import { type RpcAnswer, rpc } from '../../../lib/rpc';

type GeneratedStatement = NonNullable<RpcAnswer<'get_my_statements'>>[number];
type GeneratedReport = NonNullable<RpcAnswer<'get_my_reports'>>[number];
const isJson: Check<Json> = (value): value is Json => value !== undefined;

// The generator calls every column of a function's table non-null; these are checked where
// they arrive, with the columns the database leaves null said so (lib/answer-shape.ts).
const statementShape = {
  id: isString,
  decision: isString,
  target_kind: isString,
  chisme_id: orNull(isString),
  comment_id: orNull(isString),
  snippet: orNull(isString),
  suspended_until: orNull(isString),
  facts: isString,
  reports_received: isNumber,
  automated: isBoolean,
  reason: isString,
  reason_label: isString,
  rule: isString,
  legal_ground: orNull(isString),
  explanation: orNull(isString),
  thresholds: isJson,
  complaint_until: isString,
  created_at: isString,
  reversed_at: orNull(isString),
  complaint_status: orNull(isString),
  complaint_answer: orNull(isString),
} satisfies Record<keyof GeneratedStatement, Check<unknown>>;

const reportShape = {
  id: isString,
  kind: isString,
  chisme_id: orNull(isString),
  reason: isString,
  reason_label: isString,
  explanation: orNull(isString),
  created_at: isString,
  decision: orNull(isString),
  decided_at: orNull(isString),
  complaint_until: orNull(isString),
  complaint_status: orNull(isString),
  complaint_answer: orNull(isString),
} satisfies Record<keyof GeneratedReport, Check<unknown>>;

export type Statement = Checked<typeof statementShape>;
export type MyReport = Checked<typeof reportShape>;
export type ComplaintKind = 'statement' | 'report';

export const decisionKeys = {
  statements: (userId: string) => ['decisions', 'statements', userId] as const,
  reports: (userId: string) => ['decisions', 'reports', userId] as const,
};

export async function getMyStatements(): Promise<Statement[]> {
  return expectAnswer((await rpc('get_my_statements', {})) ?? [], arrayOf(shaped(statementShape)), 'get_my_statements');
}

export async function getMyReports(): Promise<MyReport[]> {
  return expectAnswer((await rpc('get_my_reports', {})) ?? [], arrayOf(shaped(reportShape)), 'get_my_reports');
}

/** Complains, with an explanation, about a statement (the person affected) or a dismissed report (its reporter). */
export async function fileComplaint(kind: ComplaintKind, id: string, explanation: string): Promise<void> {
  await rpc('file_complaint', { p_kind: kind, p_id: id, p_explanation: explanation });
}

export async function withdrawReport(kind: 'chisme' | 'comment', id: string): Promise<void> {
  await rpc('withdraw_report', { p_kind: kind, p_id: id });
}
