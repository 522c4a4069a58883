#!/usr/bin/env node
// Bundles the service's `street-events` command line (apps/service, as built) into one file,
// dist/street-events.js, with every dependency it can carry, and copies beside it what the
// service reads at run time: the migrations (dist/drizzle/: the SQL and drizzle's journal), the
// console's bundles (dist/console/) and the API reference apps/docs builds (dist/reference/, served
// at /reference/; the service's build comes after the reference's, as it depends on it). The licences of the bundled packages go to
// dist/THIRD-PARTY-LICENSES.txt. What stays outside the bundle is the package's `dependencies`:
// PGlite (it loads its WebAssembly and data files from its own folder) and the OpenAPI documents
// (the service resolves @street-events/openapi at run time). It also writes scenario.schema.json,
// the JSON Schema of scenario files, as the service builds it from the operator document.
import { build } from 'esbuild';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const serviceDir = dirname(createRequire(import.meta.url).resolve('@street-events/service/package.json'));
const outdir = join(packageDir, 'dist');
const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));

/** Where the bundle finds its files: read by apps/service/src/shared/service-files.ts. */
const layout = {
  migrations: './drizzle',
  console: './console/',
  reference: './reference/',
  pgliteDataDir: '.street-events/pglite',
};

async function bundle() {
  const { metafile } = await build({
    entryPoints: { 'street-events': join(serviceDir, 'dist/cli/main.js') },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    outdir,
    // The runtime dependencies are installed beside the bundle; pg-native is pg's optional native
    // driver, which the service never asks for.
    external: [...Object.keys(manifest.dependencies), 'pg-native'],
    define: { STREET_EVENTS_BUNDLE: JSON.stringify(layout) },
    // The CommonJS dependencies in the bundle (fastify, pg, pino, …) require() Node's own modules.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);",
    },
    legalComments: 'none',
    minify: true,
    logLevel: 'warning',
    metafile: true,
  });
  return metafile;
}

/**
 * The migrations as drizzle's migrator reads them: apps/service/drizzle/meta/_journal.json and
 * one SQL file per entry.
 */
async function copyMigrations() {
  const from = join(serviceDir, 'drizzle');
  const to = join(outdir, 'drizzle');
  await mkdir(join(to, 'meta'), { recursive: true });
  await cp(join(from, 'meta/_journal.json'), join(to, 'meta/_journal.json'));
  for (const name of await readdir(from)) if (name.endsWith('.sql')) await cp(join(from, name), join(to, name));
}

/**
 * The folder of each installed package the bundle took code from (not the workspace's own).
 * @param {import('esbuild').Metafile} metafile
 */
function bundledPackages(metafile) {
  const folders = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) folders.add(match[1]);
  }
  return [...folders].sort();
}

/** @param {import('esbuild').Metafile} metafile */
async function writeLicences(metafile) {
  const sections = [];
  for (const folder of bundledPackages(metafile)) {
    const { name, version, license } = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8'));
    const file = (await readdir(folder)).find((entry) => /^licen[cs]e/i.test(entry));
    const text = file ? await readFile(join(folder, file), 'utf8') : `License: ${license}`;
    sections.push(`${name}@${version} (${license})\n\n${text.trim()}\n`);
  }
  const heading = `${manifest.name} bundles the following packages in dist/street-events.js.\n`;
  await writeFile(join(outdir, 'THIRD-PARTY-LICENSES.txt'), [heading, ...sections].join(`\n${'-'.repeat(72)}\n\n`));
}

/** The API reference's site, from where the service finds it in the repository (apps/docs/dist/). */
async function copyReference() {
  const { serviceFiles } = await import(pathToFileURL(join(serviceDir, 'dist/shared/service-files.js')).href);
  const index = join(serviceFiles.reference, 'index.html');
  await readFile(index).catch(() => {
    throw new Error(`The API reference is not built (${index}): pnpm turbo run build --filter=@street-events/docs`);
  });
  await cp(serviceFiles.reference, join(outdir, 'reference'), { recursive: true });
}

/** The schema of scenario files (`street-events scenario schema`), beside the examples in scenarios/. */
async function writeScenarioSchema() {
  const { scenarioSchema } = await import(pathToFileURL(join(serviceDir, 'dist/cli/scenario-schema.js')).href);
  await writeFile(join(packageDir, 'scenario.schema.json'), `${JSON.stringify(scenarioSchema(), null, 2)}\n`);
}

await rm(outdir, { recursive: true, force: true });
const metafile = await bundle();
await copyMigrations();
await cp(join(serviceDir, 'dist/console'), join(outdir, 'console'), { recursive: true });
await copyReference();
await writeLicences(metafile);
await writeScenarioSchema();
