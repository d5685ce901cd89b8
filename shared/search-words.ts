/** The words of a visitor's search text; a result has to contain every one of them, in any order. */
export const searchWords = (text: string): string[] => text.toLowerCase().split(/\s+/).filter(Boolean);

/** Whether `text` (already in lower case) contains every word of the search. */
export const hasEveryWord = (text: string, words: readonly string[]) =>
  words.every((word) => text.includes(word));

/** Results whose title has every word first, each group in its order (a title match beats a description's). */
export const titleMatchesFirst = <T>(results: T[], title: (result: T) => string, words: readonly string[]) =>
  results.sort(
    (a, b) => +!hasEveryWord(title(a).toLowerCase(), words) - +!hasEveryWord(title(b).toLowerCase(), words),
  );
