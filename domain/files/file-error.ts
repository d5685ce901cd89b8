/** A file its reader gave up on, with the format's own name for why (each has its message for the visitor). */
export class FileError<Problem extends string> extends Error {
  constructor(readonly problem: Problem) {
    super(problem);
  }
}
