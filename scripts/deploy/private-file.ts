// A secret handed to the CLI goes in a file only this user can read, never on a command line
// (where `ps` shows it), and the file is gone when the command is.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function withPrivateFile<T>(name: string, content: string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'chismes-deploy-'));
  const file = join(dir, name);
  writeFileSync(file, content, { mode: 0o600 });
  try {
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
