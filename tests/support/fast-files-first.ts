import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The quickest test files first, by their last duration (unknown ones by size, smaller first). Under Stryker,
 * which stops a mutant's run at its first failing test, a mutant a unit test kills is then killed in a second
 * instead of after the API files that cover it too. Vitest's own order runs the last failed file and the
 * longest first, so a kill by a slow API test made every later mutant wait for that file again.
 */
export class FastFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const { cache, config } = this.ctx;
    const key = (file: TestSpecification) => `${file.project.name}:${relative(config.root, file.moduleId)}`;
    const known = (file: TestSpecification) => cache.getFileTestResults(key(file))?.duration;
    const size = (file: TestSpecification) => cache.getFileStats(key(file))?.size ?? 0;
    return [...files].sort((a, b) => {
      const [da, db] = [known(a), known(b)];
      if (da === undefined || db === undefined) {
        if (da !== db) return da === undefined ? -1 : 1;
        return size(a) - size(b);
      }
      return da - db;
    });
  }
}
