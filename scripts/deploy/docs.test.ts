// docs/deploy.md is the operator's one page: it keeps its order, every command it gives exists,
// and each static-host recipe builds web/dist with the two variables the build requires.
// README's deploy section is a pointer that agrees with it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const page = readFileSync(join(root, 'docs', 'deploy.md'), 'utf8');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const readmeSection = readme.slice(
  readme.indexOf('## Deploying to a Supabase project'),
  readme.indexOf('\n## ', readme.indexOf('## Deploying to a Supabase project') + 3),
);
const scripts = (file: string) => (JSON.parse(readFileSync(join(root, file), 'utf8')) as { scripts: Record<string, string> }).scripts;
const blocks = (language: string) => [...page.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((match) => match[1]!);

describe('docs/deploy.md', () => {
  it("goes in the operator's order", () => {
    const sections = [...page.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);
    expect(
      sections.slice(0, 8).map((title) =>
        title
          .replace(/^\d\. /, '')
          .split(/[:(]/)[0]!
          .trim(),
      ),
    ).toEqual([
      'Project and plan',
      'SMTP and the send-email hook',
      'Secrets',
      '`npm run deploy`',
      'The web host',
      'The smoke test',
      'Rollback',
      'What to watch afterwards',
    ]);
  });

  it("names every npm script it and README's deploy section use, and each exists", () => {
    const used = new Set([...`${page}\n${readmeSection}`.matchAll(/npm run ([a-z:-]+)/g)].map((match) => match[1]!));
    for (const script of ['deploy', 'smoke', 'build']) expect(used).toContain(script);
    const root = scripts('package.json');
    const web = scripts('web/package.json');
    for (const script of used) expect(root[script] ?? web[script], `npm run ${script}`).toBeDefined();
  });

  it('each host recipe builds web/dist: the root build is the web build, which writes web/dist', () => {
    expect(scripts('package.json').build).toBe('npm run build -w web');
    expect(scripts('web/package.json').build).toMatch(/vite build$/);
    expect(readFileSync(join(root, 'web', 'vite.config.ts'), 'utf8')).not.toMatch(/outDir/);
    const netlify = blocks('toml').find((block) => block.includes('[build]'))!;
    expect(netlify).toMatch(/publish = "web\/dist"/);
    expect(netlify).toMatch(/command = "npm run build"/);
    const vercel = JSON.parse(blocks('json').find((block) => block.includes('outputDirectory'))!) as Record<string, unknown>;
    expect(vercel).toMatchObject({ buildCommand: 'npm run build', outputDirectory: 'web/dist' });
    expect(blocks('nginx')[0]).toMatch(/root \/srv\/chismes\/web\/dist;/);
    const buildLines = blocks('sh')
      .flatMap((block) => block.split('\n'))
      .filter((line) => /npm run build\b/.test(line));
    expect(buildLines.length).toBeGreaterThan(0);
    for (const line of buildLines) expect(line).toMatch(/VITE_SUPABASE_URL=\S+ VITE_SUPABASE_ANON_KEY=\S+.* npm run build/);
    // The hosts that build for you get the two variables in their settings.
    expect(page).toMatch(/Set `VITE_SUPABASE_URL` and `VITE_SUPABASE_ANON_KEY` under/);
    expect(page).toMatch(/Set the two variables under Project → Settings/);
  });

  it('names every value supabase/.env.production.example asks for, and the example holds every one a deploy needs', () => {
    const example = readFileSync(join(root, 'supabase', '.env.production.example'), 'utf8');
    const asked = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
    for (const name of asked) expect(page, name).toContain(`\`${name}\``);
    const needed = [...readFileSync(join(root, 'supabase', 'config.toml'), 'utf8').matchAll(/"env\((CHISMES_[A-Z0-9_]+)\)"/g)].map((match) => match[1]!);
    for (const name of [...needed, 'CHISMES_VAPID_PUBLIC_KEY', 'CHISMES_VAPID_PRIVATE_KEY', 'CHISMES_VAPID_SUBJECT']) expect(asked, name).toContain(name);
  });

  it('what to watch covers every scheduled caller and the mail budget', () => {
    const watch = page.slice(page.indexOf('## 8. What to watch'), page.indexOf('\n## ', page.indexOf('## 8. What to watch') + 3));
    for (const topic of [
      'Realtime',
      'cron.job_run_details',
      'net._http_response',
      'push_not_configured',
      'private.push_deliveries',
      'private.auth_mail_log',
      'Storage',
    ])
      expect(watch, topic).toContain(topic);
  });

  it('README points to it and gives the same commands', () => {
    expect(readmeSection).toContain('[`docs/deploy.md`](docs/deploy.md)');
    for (const command of ['npm run deploy -- --project-ref <ref> --dry-run', 'npm run smoke -- --url']) {
      expect(readmeSection).toContain(command);
      expect(page).toContain(command);
    }
    expect(readmeSection).not.toMatch(/secrets set --env-file|functions deploy log-country/);
  });
});
