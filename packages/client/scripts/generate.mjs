// Writes src/generated/api-version.ts: the `info.version` of the latest bundled document of
// @street-events/openapi, its default base URL (first server), and the `paths` type of that same
// version, so they cannot disagree.
// Run: pnpm --filter @street-events/client generate (or `pnpm turbo run generate`).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const latestDocument = require.resolve('@street-events/openapi');
const document = JSON.parse(await readFile(latestDocument, 'utf8'));
const version = document.info?.version;
if (typeof version !== 'string' || !/^\d+\.\d+$/.test(version)) {
  throw new Error(`${latestDocument}: info.version ${JSON.stringify(version)} is not MAJOR.MINOR`);
}

/** The first server's URL with every variable at its default: where the document says the interface is. */
const [server] = document.servers ?? [];
const defaultBaseUrl = server?.url.replace(/\{(\w+)\}/g, (_, name) => {
  const value = server.variables?.[name]?.default;
  if (typeof value !== 'string') throw new Error(`${latestDocument}: server variable ${name} has no default`);
  return value;
});
if (!defaultBaseUrl || !URL.canParse(defaultBaseUrl))
  throw new Error(`${latestDocument}: the first server has no absolute URL`);

const source = `/**
 * Generated from the latest document of @street-events/openapi by
 * packages/client/scripts/generate.mjs. Do not edit: run \`pnpm turbo run generate\`.
 */

/** The \`info.version\` of the OpenAPI document this client is typed from. */
export const API_VERSION = ${JSON.stringify(version)};

/** The document's first server with its variables at their defaults: the default \`baseUrl\` of \`createEventsClient\`. */
export const DEFAULT_BASE_URL = ${JSON.stringify(defaultBaseUrl)};

/** The paths of that version: the default type parameter of \`createEventsClient\`. */
export type { paths } from "@street-events/types/v${version}";
`;

await mkdir(new URL('../src/generated/', import.meta.url), { recursive: true });
await writeFile(new URL('../src/generated/api-version.ts', import.meta.url), source);
console.log(`Wrote src/generated/api-version.ts (API_VERSION ${version})`);
