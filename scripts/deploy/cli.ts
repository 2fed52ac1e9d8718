// Runs the project's pinned Supabase CLI (node_modules/.bin/supabase, package.json) the way an
// operator would, and renders its command lines for the dry run.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { accessToken, type ManagementApi, managementApiUrl } from './management-api.ts';
import { supabaseEnv } from './project-env.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Cli {
  /** Runs `supabase …args`; `capture` keeps its output (else it goes to the terminal, prompts included). */
  run(args: string[], options?: { capture?: boolean }): Promise<CliResult>;
  /** The Management API the CLI talks to, with the CLI's access token (management-api.ts). */
  managementApi: ManagementApi;
}

export interface CliSettings {
  /** The repository root (the CLI's working directory). */
  root: string;
  /** Added to the environment (the resolved env() values, SUPABASE_ENV). */
  env?: Record<string, string>;
  /** Added to every command (tests: `--profile <file>` for a local Management API). */
  extraArgs?: string[];
  /** Keep every command's output instead of showing it (tests). */
  quiet?: boolean;
  /** The Management API's address (tests: the stand-in's, which the CLI reaches through its profile). */
  apiUrl?: string;
}

export function supabaseCli({ root, env = {}, extraArgs = [], quiet = false, apiUrl = managementApiUrl }: CliSettings): Cli {
  const binary = join(root, 'node_modules', '.bin', 'supabase');
  return {
    managementApi: { url: apiUrl, token: accessToken({ ...process.env, ...env }) },
    run(args, { capture = quiet } = {}) {
      // Not captured: the operator's terminal, so the CLI's own diffs and confirmation prompts show.
      const child = spawn(binary, [...args, ...extraArgs], {
        cwd: root,
        env: { ...process.env, SUPABASE_ENV: supabaseEnv, ...env },
        stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      });
      let stdout = '';
      let stderr = '';
      child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      return new Promise((resolve, reject) => {
        child.on('error', reject);
        child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
      });
    },
  };
}

/** A command line as the dry run prints it: `npx supabase …`, a database URL's password hidden. */
export function renderCommand(args: string[]): string {
  const shown = args.map((arg) => arg.replace(/(postgres(?:ql)?:\/\/[^:/@]+:)[^@]*@/, '$1***@'));
  const quoted = (arg: string) => {
    if (!/[\s"'<>|&;()$*\\`]/.test(arg)) return arg;
    return /["$`\\]/.test(arg) ? `'${arg.replace(/'/g, `'\\''`)}'` : `"${arg}"`;
  };
  return `npx supabase ${shown.map(quoted).join(' ')}`;
}

/**
 * The CLI's failure in one line: PostgreSQL's ERROR line with the migration being applied when
 * there is one (the CLI then prints the whole statement after it), else its last lines.
 */
function lastLines(result: CliResult, count = 3): string {
  const lines = `${result.stderr}\n${result.stdout}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^Target: /.test(line));
  const error = lines.findIndex((line) => /^ERROR: /.test(line));
  if (error >= 0) return [lines.slice(0, error).findLast((line) => /^Applying migration /.test(line)), lines[error]].filter(Boolean).join(' ');
  return lines.slice(-count).join(' | ');
}

/** The result when the command succeeded; else an Error naming `what` with the CLI's failure. */
export function requireSuccess(what: string, result: CliResult): CliResult {
  if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code})${result.stderr || result.stdout ? `: ${lastLines(result)}` : ''}`);
  return result;
}
