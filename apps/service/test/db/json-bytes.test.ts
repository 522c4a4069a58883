import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { jsonListBytes } from '../../src/db/json-bytes.js';

describe('an answer assembled from stored texts', () => {
  test('is the UTF-8 of the head, the items joined by commas, and the tail', () => {
    expect(jsonListBytes('{"rows":[', ['{"a":1}', '{"b":2}'], ']}').toString()).toBe('{"rows":[{"a":1},{"b":2}]}');
  });

  test('of no items is the head and the tail', () => {
    expect(jsonListBytes('{"rows":[', [], '],"next_cursor":0}').toString()).toBe('{"rows":[],"next_cursor":0}');
  });

  test('holds characters beyond ASCII, astral ones included, encoded as Buffer.from would', () => {
    const items = ['{"street":"Rue de l’Église"}', '{"town":"Llanfair 🏴"}', 'x'.repeat(10_000) + 'é'];
    expect(jsonListBytes('[', items, ']')).toEqual(Buffer.from(`[${items.join(',')}]`));
  });

  test('equals Buffer.from of the joined text for any texts', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.array(fc.string({ unit: 'binary' }), { maxLength: 20 }),
        fc.string({ unit: 'binary' }),
        (head, items, tail) => {
          expect(jsonListBytes(head, items, tail)).toEqual(Buffer.from(`${head}${items.join(',')}${tail}`));
        },
      ),
    );
  });
});
