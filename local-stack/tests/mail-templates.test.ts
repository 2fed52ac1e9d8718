// Auth's mail templates as `supabase start` gives them to GoTrue: the project's Spanish ones
// from supabase/config.toml `[auth.email.template.*]`, GoTrue's defaults for a type without one,
// values escaped as Go's html/template escapes them, and stack:start refusing, in one line, a
// template the CLI cannot read or the stack cannot render (local-stack/auth/mail-templates.ts).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { compileTemplate } from '../auth/go-template.ts';
import { loadMailTemplates, TEMPLATES, type Template } from '../auth/mail-templates.ts';
import { refusal } from '../runtime/unsupported.ts';
import { supabaseDir } from '../shared/paths.ts';
import { renderTemplatesModule, templatesModule } from '../../scripts/send-email-templates.ts';

const LINK = 'http://127.0.0.1:54321/auth/v1/verify?token=0a1b2c&type=signup&redirect_to=http://127.0.0.1:5173/chismes/';
const DATA = { SiteURL: 'http://127.0.0.1:5173', ConfirmationURL: LINK, Token: '042917', Email: 'ana+uno@example.com', NewEmail: 'ana@example.org' };

const SUBJECTS: Record<Template, string> = {
  confirmation: 'Confirma tu correo en Chismes',
  recovery: 'Elige una contraseña nueva para Chismes',
  magic_link: 'Tu enlace para entrar en Chismes',
  email_change: 'Confirma tu nuevo correo en Chismes',
  invite: 'Te han invitado a Chismes',
  reauthentication: 'Tu código de Chismes: 042917',
  password_changed_notification: 'Tu contraseña de Chismes ha cambiado',
};

/** A project folder with its own supabase/config.toml (and templates), removed afterwards. */
function withProject(config: string, files: Record<string, string>, check: (configFile: string) => void): void {
  const root = mkdtempSync(join(tmpdir(), 'mail-templates-'));
  try {
    mkdirSync(join(root, 'supabase', 'templates'), { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'supabase', 'templates', name), text);
    writeFileSync(join(root, 'supabase', 'config.toml'), config);
    check(join(root, 'supabase', 'config.toml'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('mail templates', () => {
  test('every type has its Spanish subject and body, with the link as a button and as text, and nothing remote', () => {
    const templates = loadMailTemplates();
    for (const type of TEMPLATES) {
      const { subject, html } = templates.render(type, DATA);
      assert.equal(subject, SUBJECTS[type], type);
      assert.match(html, /<html lang="es">/, type);
      assert.doesNotMatch(html, /<!--/, `${type}: html/template drops comments`);
      if (type === 'reauthentication') {
        assert.match(html, />042917</);
        assert.doesNotMatch(html, /href=/);
        continue;
      }
      const escaped = LINK.replaceAll('&', '&amp;');
      assert.ok(html.includes(`href="${escaped}"`), `${type}: the link`);
      assert.ok(html.includes(`>${escaped}</span>`), `${type}: the link written out`);
    }
    const config = readFileSync(join(supabaseDir, 'config.toml'), 'utf8');
    const files = readdirSync(join(supabaseDir, 'templates'));
    assert.equal(files.length, TEMPLATES.length + 1, files.join());
    for (const name of files) {
      const source = readFileSync(join(supabaseDir, 'templates', name), 'utf8');
      assert.doesNotMatch(source, /https?:|src=|url\(|@import|<link|<img/i, `${name}: no remote images, fonts or styles`);
      assert.ok(config.includes(`/templates/${name}"`), `${name} is wired in config.toml`);
    }
    assert.match(templates.render('email_change', DATA).html, /de ana&#43;uno@example\.com a ana@example\.org\./);
    const notice = templates.render('password_changed_notification', DATA);
    assert.equal(notice.subject, SUBJECTS.password_changed_notification);
    assert.match(notice.html, /la contraseña de tu cuenta de Chismes \(ana&#43;uno@example\.com\)/);
    assert.ok(notice.html.includes('href="http://127.0.0.1:5173"') && notice.html.includes('>http://127.0.0.1:5173</span>'));
  });

  test("values are escaped as Go's html/template escapes them, by where they stand", () => {
    const render = (source: string, data: Record<string, unknown>) => compileTemplate(source)(data);
    assert.equal(render('<p>{{ .Email }}</p>', { Email: `a+b<c>&"'` }), '<p>a&#43;b&lt;c&gt;&amp;&#34;&#39;</p>');
    assert.equal(render('<a title="{{ .Email }}">x</a>', { Email: 'a"b' }), '<a title="a&#34;b">x</a>');
    assert.equal(render('<a href="{{ .ConfirmationURL }}">', { ConfirmationURL: 'javascript:alert(1)' }), '<a href="#ZgotmplZ">');
    assert.equal(
      render('<a href="{{ .ConfirmationURL }}">', { ConfirmationURL: 'http://x/ñ a?b=1&c=d+e' }),
      '<a href="http://x/%c3%b1%20a?b=1&amp;c=d&#43;e">',
    );
    assert.equal(
      render('<a href="{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=email">', { SiteURL: 'http://s', TokenHash: 'a b&c/d' }),
      '<a href="http://s/auth/confirm?token_hash=a%20b%26c%2fd&type=email">',
    );
    assert.equal(render('{{ .Data.name }}|{{ .Data.missing }}|{{ .NewEmail }}|{{ .Data.n }}', { Data: { name: 'Ana', n: 1000000 } }), 'Ana|||1e&#43;06');
    assert.equal(render('<!-- no -->a {{- /* note */ -}} b\n{{- .Token }}', { Token: '1' }), 'ab1');
    assert.equal(render('<title>{{ .Token }}</title>', { Token: '<1>' }), '<title>&lt;1&gt;</title>');
  });

  test("the Send Email hook writes the same mails: its templates module is config.toml's (scripts/send-email-templates.ts)", () => {
    assert.equal(readFileSync(templatesModule, 'utf8'), renderTemplatesModule(), 'run `npx tsx scripts/send-email-templates.ts`');
  });

  test("a type without a template keeps GoTrue's default; subject and body are set each on its own", () => {
    const config = [
      '[auth.email.template.confirmation]',
      'subject = "Confirma tu \\"correo\\""',
      '[auth.email.template.recovery]',
      'content_path = "./supabase/templates/recovery.html"',
    ].join('\n');
    withProject(config, { 'recovery.html': '<p>Hola {{ .Email }}: {{ .ConfirmationURL }}</p>' }, (file) => {
      const templates = loadMailTemplates(file);
      const confirmation = templates.render('confirmation', DATA);
      assert.equal(confirmation.subject, 'Confirma tu "correo"');
      assert.match(confirmation.html, /^<h2>Confirm your email address<\/h2>/);
      const recovery = templates.render('recovery', DATA);
      assert.equal(recovery.subject, 'Reset your password');
      assert.equal(recovery.html, `<p>Hola ana&#43;uno@example.com: ${LINK.replaceAll('&', '&amp;')}</p>`);
      const magic = templates.render('magic_link', DATA);
      assert.equal(magic.subject, 'Your sign-in link');
      assert.match(magic.html, /<a href="[^"]+">Sign in<\/a>/);
      assert.equal(templates.render('reauthentication', DATA).subject, '042917 is your verification code');
    });
  });

  test('stack:start refuses, in one line, a template the CLI cannot read or the stack cannot render', () => {
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      [
        '[auth.email.template.recovery]\ncontent_path = "./supabase/templates/missing.html"',
        {},
        /^Invalid config for auth\.email\.template\.recovery\.content_path: open \/.+\/supabase\/templates\/missing\.html: no such file or directory$/,
      ],
      [
        '[auth.email.template.recovery]\ncontent = "<p>x</p>"',
        {},
        /^Invalid config for auth\.email\.template\.recovery\.content: please use content_path instead$/,
      ],
      ['[auth.email.template.signup]\nsubject = "x"', {}, /^\[auth\.email\.template\.signup\] is not one of GoTrue's mail templates \(invite, confirmation, /],
      [
        '[auth.email.template.invite]\ncontent_path = "./supabase/templates/invite.html"',
        { 'invite.html': '{{ if .Token }}{{ .Token }}{{ end }}' },
        /^supabase\/templates\/invite\.html: \{\{ if \.Token \}\} is not rendered by the local stack \(only/,
      ],
      [
        '[auth.email.template.invite]\ncontent_path = "./supabase/templates/invite.html"',
        { 'invite.html': '<a href="{{ .ConfirmationUrl }}">x</a>' },
        /^supabase\/templates\/invite\.html: \{\{ \.ConfirmationUrl \}\} is not a variable GoTrue gives its mail templates/,
      ],
      [
        '[auth.email.template.invite]\ncontent_path = "./supabase/templates/invite.html"',
        { 'invite.html': '<script>var t = "{{ .Token }}"</script>' },
        /^supabase\/templates\/invite\.html: \{\{ \.Token \}\} inside <script> is not rendered by the local stack/,
      ],
      [
        '[auth.email.template.reauthentication]\nsubject = "{{ .Token }"',
        {},
        /^\[auth\.email\.template\.reauthentication\] subject: an unclosed \{\{ action \(GoTrue would send its default template instead\)/,
      ],
      [
        '[auth.email.smtp]\nenabled = true\nhost = "smtp.example.com"',
        {},
        /^supabase\/config\.toml enables what the local stack does not implement: \[auth\.email\.smtp\] enabled \(a real SMTP server/,
      ],
      [
        '[auth.email.notification.email_changed]\nenabled = true',
        {},
        /^supabase\/config\.toml enables what the local stack does not implement: \[auth\.email\.notification\.email_changed\] enabled \(only the password_changed/,
      ],
      [
        // A notification's content_path is read from supabase/, not the repository's root.
        '[auth.email.notification.password_changed]\nenabled = true\ncontent_path = "./supabase/templates/notice.html"',
        { 'notice.html': '<p>x</p>' },
        /^Invalid config for auth\.email\.notification\.password_changed\.content_path: open \/.+\/supabase\/supabase\/templates\/notice\.html: no such file or directory$/,
      ],
    ];
    for (const [config, files, expected] of cases) {
      withProject(config, files, (file) => {
        const line = refusal(file);
        assert.match(line ?? '', expected, config);
        assert.doesNotMatch(line ?? '', /\n/);
      });
    }
    const fine = [
      '[auth.email.template.invite]\nsubject = "x"\ncontent_path = "./supabase/templates/invite.html"',
      '[auth.email.notification.password_changed]\nenabled = true\ncontent_path = "./templates/invite.html"',
      // Switched off, a notification is not read at all (the CLI's validate skips it).
      '[auth.email.notification.email_changed]\nenabled = false\ncontent_path = "./templates/missing.html"',
    ].join('\n');
    withProject(fine, { 'invite.html': '<p>{{ .Token }}</p>' }, (file) => {
      assert.equal(refusal(file), undefined);
      assert.equal(loadMailTemplates(file).render('password_changed_notification', DATA).html, '<p>042917</p>');
    });
  });
});
