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
 * @property {string} where     JSON pointer-like location, e.g. `paths /works/updates get …`
 * @property {string} description
 */

export const CHANGE_TYPES = /** @type {const} */ (['breaking', 'non-breaking', 'deprecated', 'unclassified', 'annotation']);

const COMPARED = new Set(['paths', 'webhooks', 'servers', 'security']);

/** @param {unknown} value */
function shortValue(value) {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/**
 * The changes from `before` to `after` (two bundled OpenAPI documents).
 *
 * @param {object} before
 * @param {object} after
 * @returns {Change[]}
 */
export function compareDocuments(before, after) {
  const { diffs } = apiCompare(before, after);
  return diffs
    .filter((diff) => COMPARED.has(String(diff.path[0])))
    .map((diff) => {
      const where = diff.path.map(String).join(' › ');
      const detail =
        diff.action === 'replace'
          ? `${shortValue(diff.before)} → ${shortValue(diff.after)}`
          : shortValue(diff.action === 'remove' ? diff.before : diff.after);
      return {
        type: /** @type {ChangeType} */ (diff.type),
        action: diff.action,
        where,
        description: diff.description ?? `[${diff.action}] ${detail}`,
      };
    });
}

/**
 * @param {Change[]} changes
 * @returns {Change[]}
 */
export const breakingChanges = (changes) => changes.filter((change) => change.type === 'breaking');
