#!/usr/bin/env node
// Bundles the console (console/*.ts, a browser client of the operator API) into dist/console/:
// loader.js (the sign-in, public) and app.js (the console, for operators), each one self-contained
// file with its dependencies (openapi-fetch, the enumerations), so the page needs no network.
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${packageDir}dist/console`;

await mkdir(outdir, { recursive: true });
await build({
  absWorkingDir: packageDir,
  entryPoints: { loader: 'console/loader.ts', app: 'console/app.ts' },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: false,
  outdir,
  logLevel: 'warning',
});
await copyFile(`${packageDir}console/console.css`, `${outdir}/console.css`);
