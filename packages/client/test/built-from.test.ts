import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_VERSION } from '../src/index.js';

const require = createRequire(import.meta.url);
const manifestPath = require.resolve('@street-events/openapi/package.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, string> };

function readDocument(subpath: string) {
  return JSON.parse(readFileSync(join(dirname(manifestPath), manifest.exports[subpath] ?? ''), 'utf8')) as {
    info: { version: string };
  };
}

/** Every query parameter object in a document, wherever it is declared. */
function queryParameters(node: unknown): Parameter[] {
  if (Array.isArray(node)) return node.flatMap(queryParameters);
  if (node === null || typeof node !== 'object') return [];
  const own = 'in' in node && node.in === 'query' && 'name' in node ? [node as Parameter] : [];
  return [...own, ...Object.values(node).flatMap(queryParameters)];
}

interface Parameter {
  name: string;
  in: string;
  style?: string;
  explode?: boolean;
  schema?: { type?: string | string[] };
}

describe('what the client is built from', () => {
  it('API_VERSION is the info.version of the latest bundled document', () => {
    expect(API_VERSION).toBe(readDocument('.').info.version);
  });

  // openapi-fetch applies one array style to the whole query string; the client sets form +
  // explode. Every version's array query parameters must agree with it.
  it.each(Object.keys(manifest.exports).filter((subpath) => /^\.\/v\d/.test(subpath)))(
    'every array query parameter of %s is style form, explode true',
    (subpath) => {
      const arrays = queryParameters(readDocument(subpath)).filter((parameter) =>
        [parameter.schema?.type].flat().includes('array'),
      );
      expect(arrays.map((parameter) => parameter.name)).toContain('workstream_prefix');
      for (const parameter of arrays) {
        expect({ name: parameter.name, style: parameter.style ?? 'form', explode: parameter.explode ?? true }).toEqual({
          name: parameter.name,
          style: 'form',
          explode: true,
        });
      }
    },
  );
});
