/** A content coding `ssg serve` can answer with. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** Our order when the client likes several codings equally: smallest first. */
const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'identity'];

/** The q-value of each coding named in an Accept-Encoding header (`*` included). */
function qualities(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    found.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  return found;
}

/**
 * The coding to answer with, out of those `available` (identity always is), by the client's
 * Accept-Encoding (RFC 9110 §12.5.3): `q=0` refuses a coding, an unnamed coding takes the q of
 * `*`, or 0 (identity: 1). No header: identity. If even identity is refused we send it anyway
 * (a 406 would only break the page).
 */
export function negotiateEncoding(
  header: string | undefined,
  available: readonly Encoding[],
): Encoding {
  if (header === undefined || header.trim() === '') return 'identity';
  const q = qualities(header);
  const star = q.get('*');
  const qOf = (coding: Encoding): number =>
    q.get(coding) ?? star ?? (coding === 'identity' ? 1 : 0);
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.includes(coding)) continue;
    if (qOf(coding) > bestQ) {
      best = coding;
      bestQ = qOf(coding);
    }
  }
  return best;
}
