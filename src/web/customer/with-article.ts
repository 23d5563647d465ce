/**
 * "an admin", "a partner", "a driver": the indefinite article before a word, by its first letter.
 * Enough for our account kinds; words like "hour" or "user" would need a list, and none is used.
 */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
