// The options of `npm run smoke` (scripts/smoke.ts).
export interface SmokeOptions {
  /** The project's API URL, e.g. https://<ref>.supabase.co */
  url: string;
  /** The anon or sb_publishable_ key (what the web app ships). */
  anonKey: string;
  /** The service_role or sb_secret_ key (admin API: make and remove the test people). */
  serviceRoleKey: string;
}

export const usage =
  'usage: npm run smoke -- --url https://<ref>.supabase.co --anon-key <anon or sb_publishable_ key> --service-role-key <service_role or sb_secret_ key>';

export function parseSmokeArgs(argv: string[]): SmokeOptions | { error: string } {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!['--url', '--anon-key', '--service-role-key'].includes(flag)) return { error: `unknown argument ${argv[i]}; ${usage}` };
    const value = inline ?? argv[++i];
    if (!value) return { error: `${flag} needs a value; ${usage}` };
    values.set(flag, value);
  }
  const missing = ['--url', '--anon-key', '--service-role-key'].filter((flag) => !values.has(flag));
  if (missing.length) return { error: `${missing.join(', ')} required; ${usage}` };
  const url = values.get('--url')!.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url)) return { error: `--url must be the project's http(s) URL, not ${url}` };
  return { url, anonKey: values.get('--anon-key')!, serviceRoleKey: values.get('--service-role-key')! };
}
