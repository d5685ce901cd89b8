import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Test files that take minutes run first, so that on two workers the short files fill the other worker meanwhile
 * instead of one long file running alone at the end. Vitest orders a fresh clone by file size (it keeps no
 * durations yet), which put these last.
 */
export function longFilesFirst(names: string[]) {
  return class LongFilesFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]) {
      const rank = (file: TestSpecification) => {
        const found = names.findIndex((name) => file.moduleId.endsWith(`/${name}`));
        return found === -1 ? names.length : found;
      };
      // A stable sort: the rest keep Vitest's order.
      return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
    }
  };
}
