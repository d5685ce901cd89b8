/** A case-insensitive "contains" pattern for ILIKE that escapes LIKE wildcards, so "50%" means the text "50%". */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
