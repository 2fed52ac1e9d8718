// The options of `npm run deploy` (scripts/deploy.ts).
export interface DeployOptions {
  /** The hosted project's ref (20 lowercase letters), checked against [remotes.production]. */
  projectRef: string;
  /** Print every command and value, send nothing (works offline). */
  dryRun: boolean;
  /** Answer the CLI's confirmations (db push, functions deploy, config push) with yes. */
  yes: boolean;
  /** Push and check the database at this URL instead of through the Management API. */
  dbUrl?: string;
}

export const usage = 'usage: npm run deploy -- --project-ref <ref> [--dry-run] [--yes] [--db-url <postgresql://…>] (docs/deploy.md)';

/** The options, or the one line that says what is wrong with the arguments. */
export function parseDeployArgs(argv: string[]): DeployOptions | { error: string } {
  const options: Partial<DeployOptions> = { dryRun: false, yes: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--dry-run') options.dryRun = true;
    else if (flag === '--yes') options.yes = true;
    else if (flag === '--project-ref') options.projectRef = value();
    else if (flag === '--db-url') options.dbUrl = value();
    else return { error: `unknown argument ${argv[i]}; ${usage}` };
  }
  if (!options.projectRef) return { error: `--project-ref is required; ${usage}` };
  if (!/^[a-z]{20}$/.test(options.projectRef)) return { error: `--project-ref must be a project ref (20 lowercase letters), not ${options.projectRef}` };
  if (options.dbUrl !== undefined && !/^postgres(ql)?:\/\//.test(options.dbUrl)) return { error: '--db-url must be a postgresql:// URL' };
  return options as DeployOptions;
}
