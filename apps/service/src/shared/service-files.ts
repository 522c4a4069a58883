/**
 * Where the service finds its own files at run time: the migrations, the console's bundles, the
 * API reference and the default PGlite directory. Here they are the package's (`drizzle/`,
 * `dist/console/`, `.data/pglite`) and the reference apps/docs builds (`apps/docs/dist/`), the same
 * from src/ under test and from dist/ when built, whatever the working directory. A bundle of the
 * service (packages/sandbox) ships the migrations, the console and the reference beside its file
 * and keeps its data in the working directory: its build says so by defining
 * `STREET_EVENTS_BUNDLE` (esbuild's `define`), which nothing defines here.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BundleLayout {
  /** The migrations folder, relative to the bundle's file. */
  migrations: string;
  /** The console's bundles (loader.js, app.js, console.css), relative to the bundle's file. */
  console: string;
  /** The API reference's site (index.html, one folder per version), relative to the bundle's file. */
  reference: string;
  /** The default PGlite directory, relative to the working directory. */
  pgliteDataDir: string;
}

declare const STREET_EVENTS_BUNDLE: BundleLayout | undefined;

const bundle = typeof STREET_EVENTS_BUNDLE === 'undefined' ? undefined : STREET_EVENTS_BUNDLE;

/** A path relative to this module (to the bundle's file, in a bundle). */
const besideThis = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const serviceFiles = {
  /** The folder of drizzle's migrations (SQL files and `drizzle/meta/_journal.json`). */
  migrations: besideThis(bundle?.migrations ?? '../../drizzle'),
  /** The console's bundles, ending in a separator. */
  console: besideThis(bundle?.console ?? '../../dist/console/'),
  /** The API reference's site as apps/docs builds it, ending in a separator; it may not be built. */
  reference: besideThis(bundle?.reference ?? '../../../docs/dist/'),
  /** Where PGlite keeps the database when no `--data-dir` or `PGLITE_DATA_DIR` is given. */
  pgliteDataDir: bundle ? resolve(bundle.pgliteDataDir) : besideThis('../../.data/pglite'),
};
