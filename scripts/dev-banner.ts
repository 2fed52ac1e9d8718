// What `npm run dev` prints once the stack runs: the stack's block (API, keys, the mail
// catcher's address, demo accounts; local-stack/runtime/status.ts) and the web app's address.
// Each address once: the block already names the mail catcher.
import { statusBlock } from '../local-stack/runtime/status.ts';

export function devBanner(webUrl: string): string {
  return `${statusBlock()}\n\nWeb app: ${webUrl}\n`;
}
