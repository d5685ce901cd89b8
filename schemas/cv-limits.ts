// The CV's limit and messages without Zod: the job page's script checks the size before sending, the API
// and the page's action refuse with the same words.

/** Largest CV we take; the upload stream stops reading past it. */
export const MAX_CV_BYTES = 5 * 1024 * 1024;
export const CV_TOO_LARGE = `The CV must be ${MAX_CV_BYTES / 1024 / 1024} MB or smaller.`;
export const CV_MISSING = `Attach your CV (PDF or Word .docx, at most ${MAX_CV_BYTES / 1024 / 1024} MB).`;
/** The whole application form's body: the CV and at most 64 KB of text fields. */
export const APPLICATION_BODY_LIMIT = MAX_CV_BYTES + 64 * 1024;
