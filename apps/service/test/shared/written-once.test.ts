/**
 * What the documents define is written once, in the documents: no enumeration's values are
 * listed again by hand in the service (a union of string literals, `'a' | 'b'`, or an array of
 * them, `['a', 'b']`, holding exactly an enumeration's values), and no pattern of theirs is
 * copied into its code. A copy is what the next change to a document would leave behind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as published from '@street-events/types';
import * as operator from '@street-events/types/operator';
import { expect, it } from 'vitest';

const source = fileURLToPath(new URL('../../src', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

const files = sourceFiles(source).map((path) => ({ name: relative(source, path), text: readFileSync(path, 'utf8') }));

const enumerations = Object.entries({ ...published.enumerations, ...operator.enumerations }).map(
  ([name, { values }]) => ({
    name,
    values: [...(values as readonly string[])].sort().join(' '),
  }),
);

/** The string literals of each union (`'a' | 'b'`) and array (`['a', 'b']`) of two or more. */
function literalLists(text: string): string[][] {
  const literal = String.raw`'[^'\n]*'`;
  const lists = [
    ...text.matchAll(new RegExp(String.raw`${literal}(?:\s*\|\s*${literal})+`, 'g')),
    ...text.matchAll(new RegExp(String.raw`\[\s*${literal}(?:\s*,\s*${literal})+\s*,?\s*\]`, 'g')),
  ];
  return lists.map(([list]) => [...list.matchAll(/'([^'\n]*)'/g)].map(([, value]) => value!));
}

/** Every `pattern` the documents' constants hold. */
function patternsOf(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'pattern' && typeof inner === 'string' ? [inner] : patternsOf(inner),
  );
}

it("no enumeration's values are listed again by hand", () => {
  const copies = files.flatMap(({ name, text }) =>
    literalLists(text).flatMap((list) => {
      const listed = [...list].sort().join(' ');
      return enumerations.filter((enumeration) => enumeration.values === listed).map((e) => `${name}: ${e.name}`);
    }),
  );
  expect(copies).toEqual([]);
});

it('no pattern of the documents is copied into the code', () => {
  const patterns = [
    ...patternsOf(published.propertyConstraints),
    ...patternsOf(published.parameterConstraints),
    ...patternsOf(operator.propertyConstraints),
    ...patternsOf(operator.parameterConstraints),
  ];
  expect(patterns.length).toBeGreaterThan(0);
  const bodies = [...new Set(patterns.map((pattern) => pattern.replace(/^\^|\$$/g, '')))];
  const copies = files.flatMap(({ name, text }) =>
    bodies.filter((body) => text.includes(body)).map((body) => `${name}: ${body}`),
  );
  expect(copies).toEqual([]);
});

it("no status or limit is read from a description's text", () => {
  const client = fileURLToPath(new URL('../../../../packages/client/src', import.meta.url));
  const clientFiles = sourceFiles(client).map((path) => ({
    name: relative(client, path),
    text: readFileSync(path, 'utf8'),
  }));
  const readsProse = /\.texts\b[^;]*\.(?:exec|match|startsWith|test)\(|\/\^\(\[1-5\]|\[1-5\]\\d\\d/;
  const readers = [...files, ...clientFiles].filter(({ text }) => readsProse.test(text)).map(({ name }) => name);
  expect(readers).toEqual([]);
});

it('every number an operation states in its `x-limits` is in its description for people', () => {
  const document = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../../../packages/openapi/dist/operator.json', import.meta.url)), 'utf8'),
  ) as { paths: Record<string, Record<string, { operationId?: string; description?: string }>> };
  const described = new Map(
    Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .map((operation) => [operation.operationId, (operation.description ?? '').replaceAll(/\s+/g, ' ')] as const),
  );
  const missing = Object.entries(operator.operationLimits).flatMap(([operationId, limits]) =>
    Object.entries(limits)
      .map(([name, value]) => [name, value >= 1024 ? `${value / 1024} KiB` : String(value)] as const)
      .filter(([, shown]) => !new RegExp(String.raw`\b${shown}\b`).test(described.get(operationId) ?? ''))
      .map(([name, shown]) => `${operationId}.${name}: ${shown}`),
  );
  expect(missing).toEqual([]);
});
