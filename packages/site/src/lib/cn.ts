/** Class names: joins the given names with spaces, leaving out empty and missing ones. */
export function cn(...names: Array<string | false | null | undefined>): string {
  // the same rule as the hand-written joins it replaces: falsy names are dropped, the rest kept
  return names.filter(Boolean).join(' ');
}
