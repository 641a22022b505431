/**
 * An address checked with the WHATWG URL parser, the one browsers use: what a site writes into
 * HTML, XML, text files and headers must mean the same there as here.
 */
export interface UrlRules {
  /** Default `true`. `false`: no `?…` or `#…` (a site's own address, a CSP source). */
  query?: boolean;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What is wrong with `value` as an address, with the fix; `undefined` when it is fine. */
export function urlProblem(value: string, rules: UrlRules = {}): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\s"'<>`\\^{|}\u0000-\u001f\u007f]/.test(value))
    return 'Expected an address without spaces, quotes, angle brackets, backslashes or control characters; remove them (write a space inside a path as %20).';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Expected an absolute address starting with https://, e.g. "https://www.example.com.br".';
  }
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname))
    return 'Expected an address starting with https:// (http:// only for localhost); write https:// instead.';
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `Expected an address starting with https://, not ${url.protocol}; write an https:// address.`;
  if (url.username !== '' || url.password !== '')
    return 'Expected an address without a user name or password ("user:password@"); remove them.';
  if (rules.query === false && (url.search !== '' || url.hash !== '' || /[?#]/.test(value)))
    return 'Expected the address without "?…" or "#…"; remove them.';
  return undefined;
}
