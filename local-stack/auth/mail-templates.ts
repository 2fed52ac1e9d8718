// Auth's mail templates as `supabase start` hands them to GoTrue: `[auth.email.template.<type>]`
// in supabase/config.toml, with `subject` (GOTRUE_MAILER_SUBJECTS_<TYPE>) and `content_path`
// (the body, GOTRUE_MAILER_TEMPLATES_<TYPE>), each read on its own; a type without them keeps
// GoTrue's default (supabase/auth internal/mailer/templatemailer/templatemailer.go). The same
// for `[auth.email.notification.<name>]` when `enabled` (GoTrue's `<name>_notification`
// template; only password_changed is sent by this stack: runtime/unsupported.ts). The CLI reads
// a template's content_path from the repository's root (the folder above supabase/), a
// notification's from supabase/, and stops at start when it cannot (supabase/cli
// pkg/config/config.go, resolve and email.validate), and so does stack:start with the same line. Both are compiled at start (go-template.ts); what the stack cannot render
// as GoTrue would is refused there too.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { readToml } from '../shared/config.ts';
import { supabaseDir } from '../shared/paths.ts';
import { compileTemplate, TemplateError, variablesOf } from './go-template.ts';

export const TEMPLATES = ['invite', 'confirmation', 'recovery', 'magic_link', 'email_change', 'reauthentication'] as const;
/** The security notifications the stack sends, by their config.toml name. */
const NOTIFICATIONS = ['password_changed'] as const;
export type Template = (typeof TEMPLATES)[number] | `${(typeof NOTIFICATIONS)[number]}_notification`;

/** The data GoTrue gives a template (templatemailer.go; not every type has every key). */
export interface MailData {
  ConfirmationURL?: string;
  Token?: string;
  TokenHash?: string;
  RedirectTo?: string;
  Email?: string;
  NewEmail?: string;
  /** email_change only: the address this copy goes to */
  SendingTo?: string;
  /** the user's user_metadata */
  Data?: Record<string, unknown> | null;
}

const VARIABLES = new Set([
  'SiteURL',
  'ConfirmationURL',
  'Email',
  'Token',
  'TokenHash',
  'Data',
  'RedirectTo',
  'NewEmail',
  'SendingTo',
  // the notifications'
  'OldEmail',
  'Phone',
  'OldPhone',
  'Provider',
  'FactorType',
]);

const DEFAULT_SUBJECTS: Record<Template, string> = {
  invite: "You've been invited",
  confirmation: 'Confirm your email address',
  recovery: 'Reset your password',
  magic_link: 'Your sign-in link',
  email_change: 'Confirm your new email address',
  reauthentication: '{{ .Token }} is your verification code',
  password_changed_notification: 'Your password was changed',
};

const DEFAULT_BODIES: Record<Template, string> = {
  invite: `<h2>You've been invited</h2>

<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>`,
  confirmation: `<h2>Confirm your email address</h2>

<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>
`,
  recovery: `<h2>Reset your password</h2>

<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  magic_link: `<h2>Your sign-in link</h2>

<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>`,
  email_change: `<h2>Confirm your new email address</h2>

<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>If you didn't request this change, you can safely ignore this email.</p>`,
  reauthentication: `<h2>Your verification code</h2>

<p>Use the code below to verify your identity. It expires shortly.</p>
<p>{{ .Token }}</p>`,
  password_changed_notification: `<h2>Your password was changed</h2>

<p>The password for your account was recently changed.</p>
<p>If you didn't make this change, reset your password and contact support immediately.</p>
`,
};

type Render = (data: Record<string, unknown>) => string;

export interface MailTemplates {
  render(type: Template, data: MailData & { SiteURL: string }): { subject: string; html: string };
}

/** A TOML string as readToml leaves it: basic strings keep their escapes, literal ones their quotes. */
function tomlString(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^'[^']*'$/.test(value)) return value.slice(1, -1);
  const escapes: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', '"': '"', '\\': '\\' };
  return value.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)/g, (_, code: string) =>
    code.length > 1 ? String.fromCodePoint(Number.parseInt(code.slice(1), 16)) : (escapes[code] ?? code),
  );
}

/** One template's source checked and compiled; `where` names it in the refusal. */
function compile(source: string, where: string): Render {
  const unknown = variablesOf(source).filter((name) => !VARIABLES.has(name));
  if (unknown.length) {
    throw new Error(`${where}: {{ .${unknown[0]} }} is not a variable GoTrue gives its mail templates (${[...VARIABLES].join(', ')})`);
  }
  try {
    return compileTemplate(source);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    throw new Error(`${where}: ${error.message}; see local-stack/README.md`);
  }
}

/** Each template's subject and body source, as GoTrue gets them (its defaults where unset). */
export type MailTemplateSources = Record<Template, { subject: string; body: string }>;

/**
 * Reads the project's templates and checks each compiles; throws one line naming the first
 * problem (the CLI's own wording where the CLI stops too).
 */
export function readMailTemplateSources(configFile = join(supabaseDir, 'config.toml')): MailTemplateSources {
  const toml = readToml(configFile);
  const root = dirname(dirname(configFile));
  const sources = Object.fromEntries(
    (Object.keys(DEFAULT_SUBJECTS) as Template[]).map((type) => [type, { subject: DEFAULT_SUBJECTS[type], body: DEFAULT_BODIES[type] }]),
  ) as MailTemplateSources;
  /** One section: its subject and its file (content_path from `base`), as the CLI reads them. */
  const load = (section: string, type: Template, values: Map<string, unknown>, base: string): void => {
    const path = tomlString(values.get('content_path')) ?? '';
    if (!path && values.has('content')) throw new Error(`Invalid config for ${section}.content: please use content_path instead`);
    const subject = tomlString(values.get('subject'));
    if (subject !== undefined) {
      compile(subject, `[${section}] subject`);
      sources[type].subject = subject;
    }
    if (!path) return;
    const file = isAbsolute(path) ? path : join(base, path);
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (error as Error).message;
      throw new Error(`Invalid config for ${section}.content_path: open ${file}: ${reason}`);
    }
    compile(source, relative(root, file) || file);
    sources[type].body = source;
  };
  for (const [table, values] of toml) {
    const type = /^auth\.email\.template\.(.+)$/.exec(table)?.[1];
    if (type && !(TEMPLATES as readonly string[]).includes(type)) {
      throw new Error(`[auth.email.template.${type}] is not one of GoTrue's mail templates (${TEMPLATES.join(', ')})`);
    }
    if (type) load(table, type as Template, values, root);
    const notification = /^auth\.email\.notification\.(.+)$/.exec(table)?.[1];
    if (notification && (NOTIFICATIONS as readonly string[]).includes(notification) && values.get('enabled') === true) {
      load(table, `${notification}_notification` as Template, values, dirname(configFile));
    }
  }
  return sources;
}

/** Reads and compiles the project's templates (readMailTemplateSources), ready to render. */
export function loadMailTemplates(configFile = join(supabaseDir, 'config.toml')): MailTemplates {
  const sources = readMailTemplateSources(configFile);
  const compiled = new Map(
    (Object.keys(sources) as Template[]).map((type) => [type, { subject: compileTemplate(sources[type].subject), body: compileTemplate(sources[type].body) }]),
  );
  return {
    render(type, data) {
      const values = data as unknown as Record<string, unknown>;
      const { subject, body } = compiled.get(type)!;
      return { subject: subject(values), html: body(values) };
    },
  };
}

/** The refusal line for stack:start, or undefined when every template loads. */
export function mailTemplatesProblem(configFile?: string): string | undefined {
  try {
    loadMailTemplates(configFile);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
