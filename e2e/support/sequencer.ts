// Runs the journey files in the order of their numbers (issue 7's order), not by size.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export class ByFileName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}
