// The notice form's own checks, the database's rules (52-notices.sql) said early in Spanish:
// a reason, an explanation of 1–2000 characters, an address.
import { messageForErrorKey } from '../../../i18n/es/errors';

export interface NoticeFields {
  reason: string;
  explanation: string;
  email: string;
}

const EMAIL = /^[^@\s<>(),;:"[\]]+@[^@\s<>(),;:"[\]]+\.[^@\s<>(),;:"[\]]+$/;

export function validateNotice(fields: NoticeFields): Partial<Record<keyof NoticeFields, string>> {
  const errors: Partial<Record<keyof NoticeFields, string>> = {};
  if (!fields.reason) errors.reason = messageForErrorKey('report_reason_invalid', null, '');
  const explanation = fields.explanation.trim();
  if (explanation.length === 0 || explanation.length > 2000) errors.explanation = messageForErrorKey('notice_explanation_invalid', null, '');
  const email = fields.email.trim();
  if (email.length > 254 || !EMAIL.test(email)) errors.email = messageForErrorKey('notice_email_invalid', null, '');
  return errors;
}
