// Prints one package's results: all tests, then in scope and out of scope (out-of-scope.ts),
// the failing in-scope tests by name, and out-of-scope tests that now pass (so the list stays
// true). Returns the number of failing in-scope tests.
import { outOfScope, type OutOfScope } from './out-of-scope.ts';

export interface JestResults {
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

export interface Counts {
  suite: string;
  passed: number;
  ran: number;
  inScopePassed: number;
  inScope: number;
  outPassed: number;
  out: number;
  seconds: number;
  /** Which password rules Auth applied: the suite's own, or the project's. */
  passwords?: string;
}

/** The table printed at the end of a run, one row per package. */
export function table(rows: Counts[]): string {
  const lines = ['| package | passed / ran | in scope | out of scope (passed / ran) | passwords | time |', '|---|---|---|---|---|---|'];
  for (const row of rows) {
    lines.push(
      `| ${row.suite} | ${row.passed} / ${row.ran} | ${row.inScopePassed} / ${row.inScope} | ${row.outPassed} / ${row.out} | ${row.passwords ?? ''} | ${row.seconds.toFixed(0)} s |`,
    );
  }
  return lines.join('\n');
}

/**
 * Prints one package's results; returns its counts (failing in-scope tests: inScope - inScopePassed).
 * `measured`: out-of-scope entries found by the run itself (postgrest-js: what a bare PostgREST 12.0.2 fails too).
 */
export function report(suite: string, results: JestResults, seconds: number, measured: OutOfScope[] = []): Counts {
  const tests = results.testResults.flatMap((file) => file.assertionResults.map((test) => ({ ...test, file: file.name.split('/').pop() })));
  const ran = tests.filter((test) => test.status === 'passed' || test.status === 'failed');
  const reasonFor = (test: (typeof ran)[number]) =>
    [...outOfScope, ...measured].find(
      (entry) =>
        entry.suite === suite &&
        (!entry.file || entry.file === test.file) &&
        entry.test.test(test.fullName) &&
        (!entry.failure || (test.status === 'failed' && entry.failure.test(test.failureMessages.join('\n')))),
    )?.reason;
  const inScope = ran.filter((test) => !reasonFor(test));
  const excluded = ran.filter((test) => reasonFor(test));
  const passed = (list: typeof ran) => list.filter((test) => test.status === 'passed').length;
  console.log(`\n${suite}: ${passed(ran)}/${ran.length} passed (${tests.length - ran.length} skipped by the suite or -t) in ${seconds.toFixed(1)} s`);
  console.log(`  in scope: ${passed(inScope)}/${inScope.length} passed; out of scope: ${passed(excluded)}/${excluded.length} passed`);
  const failing = inScope.filter((test) => test.status === 'failed');
  for (const test of failing) {
    const firstLine = (test.failureMessages[0] ?? '').split('\n').find((line) => line.trim()) ?? '';
    console.log(`  FAIL ${test.file} › ${test.fullName}\n       ${firstLine.trim().slice(0, 200)}`);
  }
  for (const test of excluded.filter((t) => t.status === 'failed')) console.log(`  out of scope, failed: ${test.fullName}`);
  for (const test of excluded.filter((t) => t.status === 'passed')) {
    console.log(`  note: out-of-scope test passes now: ${test.fullName}`);
  }
  return {
    suite,
    passed: passed(ran),
    ran: ran.length,
    inScopePassed: passed(inScope),
    inScope: inScope.length,
    outPassed: passed(excluded),
    out: excluded.length,
    seconds,
  };
}
