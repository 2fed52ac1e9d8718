// Which Supabase project the web app talks to: VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY
// (from the environment or web/.env*.local, read by vite.config.ts). The dev server and the
// tests default to the local stack's well-known values; a build never does (it stops): a bundle that
// silently points every browser at http://127.0.0.1:54321 is the one mistake nobody notices
// until production (docs/deploy.md "The web host").
import type { Plugin } from 'vite';
import { ANON_KEY, API_URL } from '../../local-stack/keys.ts';

export const buildVariables = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'] as const;

export interface SupabaseTarget {
  url: string;
  anonKey: string;
}

const value = (env: Record<string, string | undefined>, name: string) => env[name]?.trim() || undefined;

/** The one line a build without its variables stops with, or undefined when both are set. */
export function buildRefusal(env: Record<string, string | undefined>): string | undefined {
  const missing = buildVariables.filter((name) => !value(env, name));
  if (missing.length === 0) return undefined;
  return `web build: set ${missing.join(' and ')} (the Supabase project's URL and anon or publishable key) in the environment or web/.env.production.local; a build never falls back to the local stack (docs/deploy.md "The web host")`;
}

/** The project for the dev server and the tests: the variables, else the local stack. */
export function supabaseTarget(env: Record<string, string | undefined>): SupabaseTarget {
  return { url: value(env, 'VITE_SUPABASE_URL') ?? API_URL, anonKey: value(env, 'VITE_SUPABASE_ANON_KEY') ?? ANON_KEY };
}

/**
 * Stops a build without both variables before anything is bundled, with buildRefusal's one
 * line (not Vite's stack trace). A plugin hook, not the config function, so tools that only
 * read the config (knip) are not stopped.
 */
export function requireSupabaseProject(env: Record<string, string | undefined>): Plugin {
  return {
    name: 'chismes-require-supabase-project',
    apply: 'build',
    config() {
      const refusal = buildRefusal(env);
      if (!refusal) return;
      console.error(refusal);
      process.exit(1);
    },
  };
}
