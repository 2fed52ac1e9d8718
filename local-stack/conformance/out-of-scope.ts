// Tests of the official suites that the local stack deliberately does not pass, each with the
// reason. Matched against jest's full test name ("describe … test"). Keep local-stack/README.md's
// list in step with this one.
export interface OutOfScope {
  suite: string;
  test: RegExp;
  reason: string;
}

export const outOfScope: OutOfScope[] = [];
