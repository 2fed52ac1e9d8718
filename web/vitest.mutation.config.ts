// The Vitest config of `npm run mutation` (scripts/mutation.ts, web/stryker.config.mjs): only
// the tests of the pure modules Stryker mutates, in Node, without the app's plugins or the
// jsdom setup (vite.config.ts): the dry run and every mutant's re-run stay short. Left out:
// modules that need a browser (stale-chunk, after-first-content, share-chisme, localStorage's
// country-log-memory) and countries.ts, a table of names whose ~235 string mutants say nothing
// about a rule.
import { defineConfig } from 'vitest/config';

export const pureModules = [
  'src/lib/early-request.ts',
  'src/lib/own-content.ts',
  'src/lib/cached-lists.ts',
  'src/lib/relative-time.ts',
  'src/lib/tags.ts',
  'src/lib/text-rules.ts',
  'src/features/auth/utils/auth-error-message.ts',
  'src/features/auth/utils/validate-auth.ts',
  'src/features/chisme/utils/validate-new-chisme.ts',
  'src/features/comments/utils/build-thread.ts',
  'src/features/comments/utils/validate-comment.ts',
  'src/features/crisis/utils/crisis-line-for.ts',
  'src/features/feed/utils/matches-filters.ts',
  'src/features/filters/utils/validate-filters.ts',
  'src/features/notifications/utils/alert-gate.ts',
  'src/features/notifications/utils/merge-live-notification.ts',
  'src/features/notifications/utils/unread-label.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    include: pureModules.map((file) => file.replace(/\.ts$/, '.*test.ts')),
  },
});
