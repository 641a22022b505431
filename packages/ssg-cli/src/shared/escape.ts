// Escaping of text for HTML, attributes and inline JSON.
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text placed between tags. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
/** Text placed in a double-quoted attribute. */
export const escapeAttribute = escapeHtml;

/**
 * JSON placed inside a `<script>` element: `<`, `>`, `&` and the line separators are written as
 * unicode escapes, so `</script>` or `<!--` in content cannot end or alter the script.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
