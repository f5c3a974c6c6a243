/** Text as a reader sees it: HTML tags dropped, common entities decoded. */
function plainText(description: string): string {
  return description
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, ' ');
}

/**
 * Counts the words a player reads in a description: whitespace-separated tokens that hold at
 * least one letter or digit, after HTML tags are dropped (so '>' prompts and dashes don't count).
 */
export function countWords(description: string | null | undefined): number {
  if (!description) return 0;
  return plainText(description)
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}
