// What changed between two bundled OpenAPI documents, as api-smart-diff classifies it
// (breaking, non-breaking, deprecated, annotation, unclassified). Used by the breaking-change
// check (check-breaking-changes.mjs) and by the docs site's "What changed" page.
//
// Only what a client meets is compared: the operations (`paths`), the messages the service
// sends (`webhooks`), the servers and the security requirements. api-smart-diff resolves every
// `$ref`, so a change to a shared schema shows at each place that uses it; `components` itself is
// left out, where a renamed component would read as a removal.
import { apiCompare } from 'api-smart-diff';

/** @typedef {'breaking' | 'non-breaking' | 'deprecated' | 'annotation' | 'unclassified'} ChangeType */

/**
 * @typedef {object} Change
 * @property {ChangeType} type
 * @property {'add' | 'remove' | 'replace' | 'rename'} action
 * @property {string} where     location in the document, e.g. `paths › /works/updates › get › …`
 * @property {string} summary   what changed, in words (api-smart-diff's description)
 * @property {string} detail    the values: `before → after`, or the value added or removed
 */

export const CHANGE_TYPES = /** @type {const} */ ([
  'breaking',
  'non-breaking',
  'deprecated',
  'unclassified',
  'annotation',
]);

const COMPARED = new Set(['paths', 'webhooks', 'servers', 'security']);

/** @param {unknown} value */
function shortValue(value) {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * A replaced value as `before → after`; of two texts, only the part that differs (with `…` for
 * what they share), so that a changed sentence in a long description can be seen.
 *
 * @param {unknown} before
 * @param {unknown} after
 */
export function replacement(before, after) {
  if (typeof before !== 'string' || typeof after !== 'string') return `${shortValue(before)} → ${shortValue(after)}`;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before.at(-1 - end) === after.at(-1 - end))
    end += 1;
  const part = (/** @type {string} */ text) => {
    const middle = text.slice(start, text.length - end);
    return middle === '' ? '(nothing)' : `${start > 0 ? '…' : ''}${shortValue(middle)}${end > 0 ? '…' : ''}`;
  };
  return `${part(before)} → ${part(after)}`;
}

/**
 * The changes from `before` to `after` (two bundled OpenAPI documents).
 *
 * @param {object} before
 * @param {object} after
 * @returns {Change[]}
 */
export function compareDocuments(before, after) {
  // Copies: the comparison writes into the documents it is given.
  const { diffs } = apiCompare(structuredClone(before), structuredClone(after));
  return diffs
    .filter((diff) => COMPARED.has(String(diff.path[0])))
    .map((diff) => {
      const where = diff.path.map(String).join(' › ');
      const detail =
        diff.action === 'replace'
          ? replacement(diff.before, diff.after)
          : shortValue(diff.action === 'remove' ? diff.before : diff.after);
      return {
        type: /** @type {ChangeType} */ (diff.type),
        action: diff.action,
        where,
        summary: diff.description ?? `[${diff.action}]`,
        detail,
      };
    });
}

/**
 * @param {Change[]} changes
 * @returns {Change[]}
 */
export const breakingChanges = (changes) => changes.filter((change) => change.type === 'breaking');
