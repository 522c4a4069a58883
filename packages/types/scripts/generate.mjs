// Writes src/generated/v7_<minor>.ts from every bundled document of @street-events/openapi, and
// src/generated/login.ts and src/generated/operator.ts from its login and operator documents.
// Run: pnpm --filter @street-events/types generate (or `pnpm turbo run generate`).
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const outDir = fileURLToPath(new URL('../src/generated/', import.meta.url));

/** Values that stand for members added in a later version: an enumeration holding one is open. */
const PLACEHOLDERS = new Set(['upcoming_enum', 'upcoming_event']);

/** Formatting is fixed here, not read from any config file, so the output never depends on the checkout. */
const PRETTIER_OPTIONS = {
  parser: 'typescript',
  printWidth: 100,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: 'as-needed',
  trailingComma: 'all',
  bracketSpacing: true,
  arrowParens: 'always',
  endOfLine: 'lf',
  proseWrap: 'preserve',
};

/**
 * The value of a string literal type, or undefined. openapi-typescript writes enumeration members
 * as identifiers holding the quoted text (`"permit_granted"`); a literal type node is read too.
 */
function stringLiteralValue(node) {
  if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return node.literal.text;
  if (ts.isIdentifier(node) && /^".*"$/s.test(node.text)) return JSON.parse(node.text);
  return undefined;
}

/**
 * `"a" | "b" | "upcoming_enum"` becomes `"a" | "b" | "upcoming_enum" | (string & {})`: any string
 * is accepted, the known members still autocomplete. Runs on the type of every schema, so an
 * enumeration is widened wherever it stands (component, property, array item, parameter).
 * Enumerations without a placeholder, and anything that is not a string enumeration, are left alone.
 */
function widenOpenEnum(type) {
  const members = ts.isUnionTypeNode(type) ? [...type.types] : [type];
  const isNull = (node) => ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword;
  const strings = members.filter((node) => stringLiteralValue(node) !== undefined);
  const nulls = members.filter(isNull);
  if (strings.length + nulls.length !== members.length) return undefined;
  if (!strings.some((node) => PLACEHOLDERS.has(stringLiteralValue(node)))) return undefined;
  const anyString = ts.factory.createParenthesizedType(
    ts.factory.createIntersectionTypeNode([
      ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
      ts.factory.createTypeLiteralNode([]),
    ]),
  );
  return ts.factory.createUnionTypeNode([...strings, anyString, ...nulls]);
}

/** The bundled documents, from the export map of @street-events/openapi (`./v7.3` → dist/v7.3.json). */
async function bundledDocuments() {
  const manifestPath = require.resolve('@street-events/openapi/package.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  return Object.entries(manifest.exports)
    .filter(([subpath]) => /^\.\/v\d+\.\d+$/.test(subpath))
    .map(([subpath, target]) => ({
      version: subpath.slice(3),
      file: join(dirname(manifestPath), target),
    }))
    .sort((a, b) => a.version.localeCompare(b.version, 'en', { numeric: true }));
}

/**
 * Every version needs an export path in package.json, and src/index.ts follows the latest:
 * say so here rather than publish a package that lacks one.
 */
async function checkEntryPoints(versions) {
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
  const missing = versions.filter((version) => !manifest.exports?.[`./v${version}`]);
  if (missing.length > 0) {
    throw new Error(`package.json has no export path for ${missing.map((v) => `./v${v}`).join(', ')}`);
  }
  const latest = `v${versions.at(-1).replace('.', '_')}`;
  const index = await readFile(new URL('../src/index.ts', import.meta.url), 'utf8');
  if (!index.includes(`./generated/${latest}.js`)) {
    throw new Error(`src/index.ts must re-export ./generated/${latest}.js, the latest version`);
  }
}

/** The documents beside the interface's versions, by export path, and what each describes. */
const namedDocuments = {
  login: 'the street-works login document (work and party APIs)',
  operator: "the street-events service's operator API",
};

function header(version, subpath = `v${version}`) {
  const what = namedDocuments[subpath] ?? `version ${version} of the street-works event interface`;
  return [
    '/**',
    ` * Types of ${what}.`,
    ' *',
    ` * Generated from @street-events/openapi/${subpath} by packages/types/scripts/generate.mjs.`,
    ' * Do not edit: change the OpenAPI document, then run `pnpm turbo run generate`',
    ' * (or `pnpm --filter @street-events/types generate` after `pnpm turbo run bundle`).',
    ' */',
    '',
  ].join('\n');
}

/** One alias per component schema, e.g. `export type ErrorResponse = components["schemas"]["ErrorResponse"];`. */
function schemaAliases(document) {
  const aliases = Object.keys(document.components?.schemas ?? {}).map(
    (name) => `export type ${name} = components["schemas"]["${name}"];`,
  );
  return ['// Named aliases of the component schemas.', ...aliases].join('\n');
}

/** How many schemas in the document are open enumerations (examples are data, not schemas). */
function countOpenEnums(node) {
  if (Array.isArray(node)) return node.reduce((sum, item) => sum + countOpenEnums(item), 0);
  if (node === null || typeof node !== 'object') return 0;
  const own = Array.isArray(node.enum) && node.enum.some((value) => PLACEHOLDERS.has(value)) ? 1 : 0;
  return Object.entries(node)
    .filter(([key]) => key !== 'example' && key !== 'examples')
    .reduce((sum, [, value]) => sum + countOpenEnums(value), own);
}

/** The keywords of a schema that bound a value; copied into the generated constants. */
const CONSTRAINT_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'default',
];

/** Follows a local `#/components/...` reference of the bundled document. */
function resolveRef(document, node) {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    const path = current.$ref.replace(/^#\//, '').split('/');
    current = path.reduce((value, key) => value?.[key], document);
    if (current === undefined) throw new Error(`unresolvable reference ${node.$ref}`);
  }
  return current;
}

/** The bounding keywords of a schema, and of its array items, as a plain object. */
function constraintsOf(document, node) {
  const schema = resolveRef(document, node);
  const found = Object.fromEntries(
    CONSTRAINT_KEYWORDS.filter((keyword) => keyword in schema).map((keyword) => [keyword, schema[keyword]]),
  );
  if (schema.items) {
    const items = constraintsOf(document, schema.items);
    if (Object.keys(items).length > 0) found.items = items;
  }
  return found;
}

function withoutEmpty(entries) {
  return Object.fromEntries(entries.filter(([, value]) => Object.keys(value).length > 0));
}

/**
 * Every enumeration among the component schemas: its values in document order without the
 * placeholder, the placeholder (open enumerations only), the text of each value and, where the
 * document gives them (`x-enumStatuses`), the HTTP status of each.
 */
function enumerationsOf(document) {
  const entries = Object.entries(document.components?.schemas ?? {})
    .filter(([, schema]) => Array.isArray(schema.enum))
    .map(([name, schema]) => {
      const placeholder = schema.enum.find((value) => PLACEHOLDERS.has(value));
      return [
        name,
        {
          values: schema.enum.filter((value) => !PLACEHOLDERS.has(value)),
          ...(placeholder ? { placeholder } : {}),
          texts: schema['x-enumDescriptions'] ?? {},
          ...(schema['x-enumStatuses'] ? { statuses: schema['x-enumStatuses'] } : {}),
        },
      ];
    });
  return Object.fromEntries(entries);
}

/** Per component schema with properties: each property's bounding keywords. */
function propertyConstraintsOf(document) {
  const entries = Object.entries(document.components?.schemas ?? {})
    .filter(([, schema]) => schema.properties)
    .map(([name, schema]) => [
      name,
      withoutEmpty(
        Object.entries(schema.properties).map(([property, value]) => [property, constraintsOf(document, value)]),
      ),
    ]);
  return withoutEmpty(entries);
}

/** Per operation: each parameter's bounding keywords. */
function parameterConstraintsOf(document) {
  const operations = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item).filter((operation) => operation && typeof operation === 'object' && operation.operationId),
  );
  const entries = operations.map((operation) => [
    operation.operationId,
    withoutEmpty(
      (operation.parameters ?? [])
        .map((parameter) => resolveRef(document, parameter))
        .map((parameter) => [parameter.name, constraintsOf(document, parameter.schema)]),
    ),
  ]);
  return withoutEmpty(entries);
}

/** Per operation that declares them (`x-limits`), the bounds the service holds it to. */
function operationLimitsOf(document) {
  const operations = Object.values(document.paths ?? {}).flatMap((item) =>
    Object.values(item).filter((operation) => operation && typeof operation === 'object' && operation.operationId),
  );
  return withoutEmpty(operations.map((operation) => [operation.operationId, operation['x-limits'] ?? {}]));
}

/** The contract's values as constants: enumerations, the bounds of properties and parameters, and the operations' limits. */
function contractConstants(document) {
  const constant = (doc, name, value) => `${doc}\nexport const ${name} = ${JSON.stringify(value)} as const;`;
  return [
    constant(
      '/** Every enumeration: `values` in document order without the placeholder, the `placeholder` of an open enumeration, the `texts` of `x-enumDescriptions`, the `statuses` of `x-enumStatuses`. */',
      'enumerations',
      enumerationsOf(document),
    ),
    constant(
      '/** Per component schema, the bounding keywords (`maximum`, `maxLength`, `maxItems`, `default`, …) of each property. */',
      'propertyConstraints',
      propertyConstraintsOf(document),
    ),
    constant(
      '/** Per operation, the bounding keywords of each parameter. */',
      'parameterConstraints',
      parameterConstraintsOf(document),
    ),
    constant(
      '/** Per operation, the limits its `x-limits` states (page budgets, replays an hour, …). */',
      'operationLimits',
      operationLimitsOf(document),
    ),
  ].join('\n\n');
}

/**
 * `allOf: [{ $ref: <open enumeration> }], not: { const: <its placeholder> }`, a request field that
 * takes only the known values, becomes the union of those values (closed), not the widened type;
 * `oneOf` such a schema and `null`, that union and `null`.
 */
function closedEnum(document, schema) {
  const [first, second, ...rest] = schema?.oneOf ?? [];
  if (second?.type === 'null' && rest.length === 0) {
    const closed = closedEnum(document, first);
    const nullType = ts.factory.createLiteralTypeNode(ts.factory.createNull());
    return closed && ts.factory.createUnionTypeNode([...closed.types, nullType]);
  }
  const reference = schema?.allOf?.length === 1 ? schema.allOf[0] : undefined;
  if (!reference?.$ref || !PLACEHOLDERS.has(schema.not?.const)) return undefined;
  const values = resolveRef(document, reference).enum?.filter((value) => !PLACEHOLDERS.has(value));
  if (!values) return undefined;
  return ts.factory.createUnionTypeNode(
    values.map((value) => ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(value))),
  );
}

/**
 * The document with the links its webhook messages carry (callbacks whose path item says where it
 * is served, `x-served-at`) among its paths, so that `paths` and `operations` type them too.
 */
function withLinks(document) {
  const paths = { ...document.paths };
  const messages = Object.values(document.webhooks ?? {}).flatMap((item) => Object.values(item));
  for (const callback of messages.flatMap((message) => Object.values(message.callbacks ?? {}))) {
    for (const { 'x-served-at': servedAt, ...item } of Object.values(callback)) {
      if (servedAt) paths[servedAt] = item;
    }
  }
  return { ...document, paths };
}

async function generate({ version, file, subpath }) {
  const document = JSON.parse(await readFile(file, 'utf8'));
  if (subpath === undefined && document.info?.version !== version) {
    throw new Error(`${file}: info.version is ${document.info?.version}, expected ${version}`);
  }
  // The operator API is answered by the service it documents, never by an older version: its
  // enumerations, the interface's included, are closed.
  const open = subpath !== 'operator';
  const widened = new Set();
  const ast = await openapiTS(withLinks(document), {
    defaultNonNullable: false,
    silent: true,
    transform: (schema) => closedEnum(document, schema),
    postTransform(type, options) {
      const wide = open ? widenOpenEnum(type) : undefined;
      if (wide) widened.add(options.path);
      return wide;
    },
  });
  // A guard against an openapi-typescript that writes enumerations in a form widenOpenEnum misses.
  const expected = open ? countOpenEnums(document) : 0;
  if (widened.size < expected) {
    throw new Error(`${file}: ${expected} open enumerations, but ${widened.size} were widened`);
  }
  const source = `${header(version, subpath)}\n${astToString(ast)}\n${schemaAliases(document)}\n\n${contractConstants(document)}\n`;
  return prettier.format(source, PRETTIER_OPTIONS);
}

const documents = await bundledDocuments();
if (documents.length === 0) throw new Error('@street-events/openapi exports no bundled document');

await checkEntryPoints(documents.map(({ version }) => version));

const outputs = new Map();
for (const document of documents) {
  outputs.set(`v${document.version.replace('.', '_')}.ts`, await generate(document));
}
for (const subpath of Object.keys(namedDocuments)) {
  const file = join(dirname(require.resolve('@street-events/openapi/package.json')), `dist/${subpath}.json`);
  outputs.set(`${subpath}.ts`, await generate({ version: subpath, file, subpath }));
}

await mkdir(outDir, { recursive: true });
for (const stale of await readdir(outDir)) {
  if (!outputs.has(stale)) await rm(join(outDir, stale));
}
for (const [name, text] of outputs) {
  await writeFile(join(outDir, name), text);
}
console.log(`Wrote ${[...outputs.keys()].map((name) => `src/generated/${name}`).join(', ')}`);
