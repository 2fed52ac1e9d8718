// The report reasons as the report dialog, the moderation console and the terms read them
// (public.report_reasons; docs/decisions/0035-notice-and-action.md): the row's type, its
// columns and one SWR key. Each feature reads them through its own api file.
import type { Tables } from './database';

export type ReportReason = Pick<Tables<'report_reasons'>, 'code' | 'label' | 'rule' | 'illegal' | 'legal_ground'>;

/** The columns to select, in the order the list is shown (`position`, then `code`). */
export const reportReasonColumns = 'code, label, rule, illegal, legal_ground';

export const reportReasonsKey = ['report-reasons'] as const;
