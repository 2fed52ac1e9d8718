// The web build refuses to point at the local stack by default (vite-plugins/supabase-target.ts):
// without VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY it stops with one line naming them.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ANON_KEY, API_URL } from '../../../local-stack/keys';
import { buildRefusal, supabaseTarget } from '../../vite-plugins/supabase-target';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
const project = { VITE_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co', VITE_SUPABASE_ANON_KEY: 'sb_publishable_x' };

describe('the Supabase project of the web app', () => {
  it('a build takes the two variables as given', () => {
    expect(buildRefusal(project)).toBeUndefined();
    expect(supabaseTarget(project)).toEqual({ url: project.VITE_SUPABASE_URL, anonKey: 'sb_publishable_x' });
  });

  it('a build without one or both is refused with one line naming what is missing', () => {
    expect(buildRefusal({})).toMatch(/^web build: set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY \(/);
    expect(buildRefusal({ VITE_SUPABASE_URL: project.VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY: '  ' })).toMatch(/^web build: set VITE_SUPABASE_ANON_KEY \(/);
    expect(buildRefusal({})).not.toContain('\n');
  });

  it('the dev server and the tests default to the local stack', () => {
    expect(supabaseTarget({})).toEqual({ url: API_URL, anonKey: ANON_KEY });
  });

  it('`vite build` without the variables exits 1 with exactly that line, before bundling anything', () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
    // A mode with no .env file of its own: only web/.env and web/.env.local could still set them.
    const result = spawnSync(process.execPath, [viteBin, 'build', '--mode', 'refusal-check', '--outDir', '/nonexistent/never-written'], {
      cwd: webDir,
      env,
      encoding: 'utf8',
    });
    expect(result.status, result.stdout + result.stderr).toBe(1);
    expect(result.stderr.trim()).toBe(buildRefusal({}));
    expect(result.stdout.trim()).toBe('');
  });
});
