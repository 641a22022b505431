/** Edit distance (insertions, deletions, substitutions) between two short words. */
export function distance(a: string, b: string): number {
  // One row of the table at a time: row[j] is the distance between a[0, i) and b[0, j).
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, substitute));
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

/**
 * The known word a mistyped one most likely meant: within two edits, or one the input begins
 * (`bu` → `build`); undefined when none is close, so a wild guess is never offered.
 */
export function closest(input: string, known: readonly string[]): string | undefined {
  let best: { word: string; score: number } | undefined;
  for (const word of known) {
    const edits = distance(input, word);
    // A begun word counts as close whatever is missing; it ranks behind a one-edit typo only.
    const begun = input.length > 0 && word.startsWith(input) ? 1.5 : Infinity;
    const score = Math.min(edits <= 2 ? edits : Infinity, begun);
    if (score < (best?.score ?? Infinity)) best = { word, score };
  }
  return best?.word;
}
