// The demo accounts printed by `npm run stack:start`, read from the README's
// "Demo accounts" section so there is one source of truth next to the seed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.ts';

export function demoAccountsText(): string {
  const readme = join(repoRoot, 'README.md');
  const text = existsSync(readme) ? readFileSync(readme, 'utf8') : '';
  const match = /^##+\s+Demo accounts\s*\n([\s\S]*?)(?=^##?\s|(?![\s\S]))/m.exec(text);
  return match?.[1]?.trim() || '(none documented yet: see the "Demo accounts" section of README.md once the seed lands)';
}
