/**
 * What the bench prints and records of a thrown value: its `message` (or `stack`) when it has
 * one, else the value itself as text.
 */

/** @param {unknown} err */
export function messageOf(err) {
  return String(propertyOf(err, 'message') ?? err);
}

/** @param {unknown} err */
export function stackOf(err) {
  return String(propertyOf(err, 'stack') ?? err);
}

/**
 * @param {unknown} value
 * @param {string} key
 * @returns {unknown}
 */
function propertyOf(value, key) {
  return typeof value === 'object' && value !== null && key in value
    ? /** @type {Record<string, unknown>} */ (value)[key]
    : undefined;
}
