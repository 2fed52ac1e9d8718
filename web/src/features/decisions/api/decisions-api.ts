// The person's decisions (statements of reasons about their content and account) and reports
// (with the decision on each), complaints and withdrawals
// (docs/decisions/0035-notice-and-action.md, 0036-statements-and-complaints.md).
import { type RpcAnswer, rpc } from '../../../lib/rpc';

export type Statement = NonNullable<RpcAnswer<'get_my_statements'>>[number];
export type MyReport = NonNullable<RpcAnswer<'get_my_reports'>>[number];
export type ComplaintKind = 'statement' | 'report';

export const decisionKeys = {
  statements: (userId: string) => ['decisions', 'statements', userId] as const,
  reports: (userId: string) => ['decisions', 'reports', userId] as const,
};

export async function getMyStatements(): Promise<Statement[]> {
  return (await rpc('get_my_statements', {})) ?? [];
}

export async function getMyReports(): Promise<MyReport[]> {
  return (await rpc('get_my_reports', {})) ?? [];
}

/** Complains, with an explanation, about a statement (the person affected) or a dismissed report (its reporter). */
export async function fileComplaint(kind: ComplaintKind, id: string, explanation: string): Promise<void> {
  await rpc('file_complaint', { p_kind: kind, p_id: id, p_explanation: explanation });
}

export async function withdrawReport(kind: 'chisme' | 'comment', id: string): Promise<void> {
  await rpc('withdraw_report', { p_kind: kind, p_id: id });
}
