#!/usr/bin/env node
// Builds the static API reference: one Redoc page per version of the event
// interface (dist/<version>/index.html) and a version index (dist/index.html).
//
// Input: the bundled documents of @street-events/openapi (its `./v7.x` exports).
// Every page is self-contained: the Redoc script is inlined (`--inlineBundle`),
// telemetry is off, and nothing is loaded from another host, so the pages
// render with no network access.
import { spawn } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { marked } from 'marked';
// The same comparison as the breaking-change check of @street-events/openapi.
import { CHANGE_TYPES, compareDocuments } from '@street-events/openapi/changes';

const require = createRequire(import.meta.url);
const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(appDir, 'dist');
const templatesDir = join(appDir, 'templates');
const stylesheetFile = join(appDir, 'styles', 'site.css');
const redoclyCli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

export const SITE_TITLE = 'Street works event interface';
/** The page of changes between consecutive versions. */
export const CHANGES_PAGE = 'changes.html';
/** The page on sizing a deployment: the "Sizing" section of the service's README. */
export const SIZING_PAGE = 'sizing.html';
const serviceReadme = join(appDir, '..', 'service', 'README.md');
/** The page on the sandbox (the package, its clock, its scenarios): the sandbox package's README. */
export const SANDBOX_PAGE = 'sandbox.html';
const sandboxReadme = join(appDir, '..', '..', 'packages', 'sandbox', 'README.md');
/** Anchor of the "Decisions" section of the overview on a reference page. */
export const DECISIONS_ANCHOR = '#/section/decisions';

/**
 * The Redoc bundle shows an attribution badge whose logo it loads from a CDN.
 * Point it at an inline image instead so that a page makes no request to
 * another host.
 */
const CDN_LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="52" height="14" viewBox="0 0 52 14">' +
    '<text x="0" y="11" font-family="system-ui,sans-serif" font-size="11" font-weight="600" fill="#0044D4">Redocly</text>' +
    '</svg>',
)}`;

/**
 * @typedef {object} OpenApiInfo
 * @property {string} title
 * @property {string} version
 * @property {string} [summary]
 * @property {string} [description]
 *
 * @typedef {object} OpenApiDocument
 * @property {OpenApiInfo} info
 * @property {Record<string, Record<string, unknown>>} [paths]
 * @property {Record<string, Record<string, unknown>>} [webhooks]
 *
 * @typedef {object} Version
 * @property {string} version    e.g. `7.7`
 * @property {string} source     path of the bundled document
 * @property {OpenApiDocument} document
 */

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * The versions exported by @street-events/openapi (`./v7.0` ... `./v7.7`), oldest first.
 *
 * @returns {Promise<Version[]>}
 */
export async function loadVersions() {
  const manifestPath = require.resolve('@street-events/openapi/package.json');
  /** @type {{ exports: Record<string, string> }} */
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
  const found = Object.entries(manifest.exports).flatMap(([key, target]) => {
    const match = /^\.\/v(\d+)\.(\d+)$/.exec(key);
    return match ? [{ major: Number(match[1]), minor: Number(match[2]), target }] : [];
  });
  found.sort((a, b) => a.major - b.major || a.minor - b.minor);
  if (found.length === 0) throw new Error(`No ./vX.Y exports in ${manifestPath}`);

  return Promise.all(
    found.map(async ({ major, minor, target }) => {
      const version = `${major}.${minor}`;
      const source = join(dirname(manifestPath), target);
      let text;
      try {
        text = await readFile(source, 'utf8');
      } catch {
        throw new Error(`Missing bundled document ${source}. Bundle the documents first: pnpm turbo run bundle`);
      }
      /** @type {OpenApiDocument} */
      const document = JSON.parse(text);
      if (document.info?.version !== version) {
        throw new Error(`${source} says info.version ${document.info?.version}, expected ${version}`);
      }
      return { version, source, document };
    }),
  );
}

/** The login document (`./login` of @street-events/openapi), built as a page of its own at `login/`. */
export async function loadLogin() {
  const source = require.resolve('@street-events/openapi/login');
  /** @type {OpenApiDocument} */
  const document = JSON.parse(await readFile(source, 'utf8'));
  return { version: 'login', source, document };
}

/**
 * Runs `redocly build-docs` for one version.
 *
 * @param {Version} entry
 * @returns {Promise<void>}
 */
async function buildReference({ version, source, document }) {
  const output = join(distDir, version, 'index.html');
  const args = [
    redoclyCli,
    'build-docs',
    source,
    '--inlineBundle',
    `--output=${output}`,
    `--title=${SITE_TITLE} ${version}`,
    `--template=${join(templatesDir, 'reference.hbs')}`,
    `--templateOptions.stylesheet=${await readStylesheet()}`,
    // Not a bare number: the CLI would parse `7.0` as 7.
    `--templateOptions.versionLabel=Version ${version}`,
    `--templateOptions.description=${document.info.summary ?? `${SITE_TITLE} ${version}`}`,
  ];
  const { code, log } = await run(process.execPath, args, {
    cwd: appDir,
    env: {
      ...process.env,
      // Also bakes `disableTelemetry: true` into the page.
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      NO_COLOR: '1',
    },
  });
  if (code !== 0) {
    throw new Error(`redocly build-docs failed for ${version} (exit ${code}):\n${log}`);
  }

  let html = await readFile(output, 'utf8');
  for (const url of CDN_LOGOS) html = html.replaceAll(url, INLINE_LOGO);
  checkSelfContained(html, version);
  await writeFile(output, html);
  await copyFile(source, join(distDir, version, 'openapi.json'));
}

/**
 * Fails the build if a page would need the network to render.
 *
 * @param {string} html
 * @param {string} version
 */
function checkSelfContained(html, version) {
  const problems = [];
  if (/<script[^>]*\ssrc=/i.test(html)) problems.push('loads an external script');
  if (/<link[^>]*\shref=["']?(https?:)?\/\//i.test(html)) problems.push('links a resource on another host');
  if (/\bimport\s*\{[^}]*\}\s*from\s*["']https?:/.test(html)) problems.push('imports a module from a CDN');
  if (/https:\/\/cdn\.redoc(ly)?\.(ly|com)\/redoc\//.test(html)) problems.push('references the Redoc CDN');
  if (!html.includes('"disableTelemetry":true')) problems.push('has telemetry enabled');
  if (problems.length > 0) {
    throw new Error(`The ${version} page is not self-contained: it ${problems.join(', ')}`);
  }
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} options
 * @returns {Promise<{ code: number | null, log: string }>}
 */
function run(command, args, options) {
  return new Promise((resolveRun, rejectRun) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.once('error', rejectRun);
    child.once('close', (code) => resolveRun({ code, log: Buffer.concat(chunks).toString('utf8') }));
  });
}

/**
 * Runs `task` over `items`, at most `limit` at a time.
 *
 * @template T
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<void>} task
 */
async function eachLimited(items, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = /** @type {T} */ (items[next++]);
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

// ---------------------------------------------------------------------------
// The pages beside the references, from templates/*.hbs

const handlebars = Handlebars.create();

/** The stylesheet of every page, inlined into each. */
export function readStylesheet() {
  return readFile(stylesheetFile, 'utf8');
}

/**
 * Renders `templates/<name>.hbs` with `view`, the site's title and its stylesheet. The template
 * `page.hbs` is the layout of the pages beside the references (`{{#> page}}`).
 *
 * @param {string} name
 * @param {object} view
 * @returns {Promise<string>}
 */
async function renderPage(name, view) {
  const read = (/** @type {string} */ file) => readFile(join(templatesDir, `${file}.hbs`), 'utf8');
  handlebars.registerPartial('page', await read('page'));
  const template = handlebars.compile(await read(name), { strict: true, preventIndent: true });
  return template({ siteTitle: SITE_TITLE, stylesheet: await readStylesheet(), ...view });
}

/**
 * Inline Markdown of a table cell or a short paragraph, as HTML: code spans, bold, italics.
 *
 * @param {string} markdown
 */
function inlineMarkdown(markdown) {
  const escape = Handlebars.Utils.escapeExpression;
  return markdown
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1
        ? `<code>${escape(part.slice(1, -1))}</code>`
        : escape(part)
            .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
            .replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>'),
    )
    .join('');
}

/**
 * The "Changes" cell of a version's row in the overview's "Versions" table.
 *
 * @param {string} description
 * @param {string} version
 * @returns {string | undefined}
 */
function changeNote(description, version) {
  const section = description.split(/^## Versions\s*$/m)[1];
  if (section === undefined) return undefined;
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells[1] === version && cells[2]) return cells[2];
  }
  return undefined;
}

/**
 * The first paragraph of the overview.
 *
 * @param {string} description
 */
function introduction(description) {
  const first = description.trim().split(/\n\s*\n/)[0] ?? '';
  // It leads into a list in the overview; here it stands alone.
  return first.replace(/\s*\n\s*/g, ' ').replace(/:$/, '.');
}

/** @param {OpenApiDocument} document */
function countOperations(document) {
  /** @param {Record<string, Record<string, unknown>> | undefined} items */
  const count = (items) =>
    Object.values(items ?? {}).reduce(
      (sum, item) => sum + Object.keys(item).filter((key) => HTTP_METHODS.has(key)).length,
      0,
    );
  return { operations: count(document.paths), webhooks: count(document.webhooks) };
}

/** @param {number} n @param {string} noun */
function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * A version's row on the index: its operations, webhooks and change, as HTML.
 *
 * @param {Version} entry
 * @param {string} description  the overview of the latest version, with the "Versions" table
 * @param {string} latest
 */
function versionRow({ version, document }, description, latest) {
  const { operations, webhooks } = countOperations(document);
  const change = changeNote(description, version);
  const details = [plural(operations, 'operation'), plural(webhooks, 'webhook')];
  if (change) details.push(inlineMarkdown(change));
  return { version, isLatest: version === latest, detail: details.join(' · ') };
}

/**
 * The index: every version, newest first, and what changed in the latest (templates/index.hbs).
 *
 * @param {Version[]} versions  oldest first
 * @returns {Promise<string>}
 */
export function renderIndex(versions) {
  const { version: latest, document } = /** @type {Version} */ (versions.at(-1));
  const description = document.info.description ?? '';
  return renderPage('index', {
    siteName: SITE_TITLE.toLowerCase(),
    first: versions[0]?.version,
    latest,
    introduction: inlineMarkdown(introduction(description)),
    latestChange: inlineMarkdown(changeNote(description, latest) ?? document.info.summary ?? ''),
    decisionsAnchor: DECISIONS_ANCHOR,
    changesPage: CHANGES_PAGE,
    sizingPage: SIZING_PAGE,
    sandboxPage: SANDBOX_PAGE,
    openapi: String(/** @type {{ openapi?: string }} */ (document).openapi ?? '3.1'),
    versions: [...versions].reverse().map((entry) => versionRow(entry, description, latest)),
  });
}

// ---------------------------------------------------------------------------
// The "What changed" page

const CHANGE_LABELS = {
  breaking: 'Breaking',
  'non-breaking': 'Non-breaking',
  deprecated: 'Deprecated',
  unclassified: 'Unclassified',
  annotation: 'Documentation',
};

/**
 * The changes from `before` to `after`, grouped by kind, and how many of each kind.
 *
 * @param {Version} before
 * @param {Version} after
 */
function comparison(before, after) {
  const changes = compareDocuments(before.document, after.document);
  const ofType = (/** @type {import('@street-events/openapi/changes').ChangeType} */ type) =>
    changes.filter((change) => change.type === type);
  return {
    id: `v${before.version}-v${after.version}`.replaceAll('.', '-'),
    from: before.version,
    to: after.version,
    summary: inlineMarkdown(after.document.info.summary ?? ''),
    counts: CHANGE_TYPES.map((type) => ({
      type,
      count: ofType(type).length,
      label: CHANGE_LABELS[type].toLowerCase(),
    })).filter(({ count }) => count > 0),
    changes: CHANGE_TYPES.flatMap(ofType).map((change) => ({ ...change, label: CHANGE_LABELS[change.type] })),
  };
}

/**
 * The changes between each pair of consecutive versions, newest first, computed from the
 * documents themselves (templates/changes.hbs).
 *
 * @param {Version[]} versions  oldest first
 * @returns {Promise<string>}
 */
export function renderChanges(versions) {
  const pairs = versions.slice(1).map((after, index) => /** @type {[Version, Version]} */ ([versions[index], after]));
  return renderPage('changes', { comparisons: pairs.reverse().map(([before, after]) => comparison(before, after)) });
}

// ---------------------------------------------------------------------------
// The "Sizing" page

/**
 * Markdown rendered as HTML, each table in a box that scrolls sideways (`.table-scroll`), so a wide
 * table never widens the page on a narrow screen.
 *
 * @param {string} markdown
 */
function renderMarkdown(markdown) {
  return marked
    .parse(markdown, { async: false })
    .replaceAll('<table>', '<div class="table-scroll"><table>')
    .replaceAll('</table>', '</table></div>');
}

/**
 * The "Sizing" section of the service's README (measured costs × the national load → cores,
 * replicas and workers; partitioning the audit events), as a page of the site (templates/sizing.hbs).
 *
 * @param {string} readme  the service's README, in Markdown
 * @returns {Promise<string>}
 */
export function renderSizing(readme) {
  const section = /^## Sizing\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (!section) throw new Error(`No "## Sizing" section in ${serviceReadme}`);
  return renderPage('sizing', { sizing: renderMarkdown(section) });
}

/**
 * The sandbox package's README (start it from an empty folder, its clock, its scenarios), as a
 * page of the site (templates/sandbox.hbs), without its title, which the page gives.
 *
 * @param {string} readme  the sandbox package's README, in Markdown
 * @returns {Promise<string>}
 */
export function renderSandbox(readme) {
  const body = readme.replace(/^# .*\n/, '');
  return renderPage('sandbox', { sandbox: renderMarkdown(body) });
}

// ---------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  const versions = await loadVersions();
  await rm(distDir, { recursive: true, force: true });
  await mkdir(distDir, { recursive: true });

  const concurrency = Math.max(1, Math.min(Number(process.env.DOCS_BUILD_CONCURRENCY) || availableParallelism(), 4));
  await eachLimited([...versions, await loadLogin()], concurrency, async (entry) => {
    const t0 = performance.now();
    await buildReference(entry);
    console.log(`  ${entry.version}/index.html  ${Math.round(performance.now() - t0)} ms`);
  });

  await writeFile(join(distDir, 'index.html'), await renderIndex(versions));
  await writeFile(join(distDir, CHANGES_PAGE), await renderChanges(versions));
  await writeFile(join(distDir, SIZING_PAGE), await renderSizing(await readFile(serviceReadme, 'utf8')));
  await writeFile(join(distDir, SANDBOX_PAGE), await renderSandbox(await readFile(sandboxReadme, 'utf8')));
  console.log(
    `Built ${versions.length} reference pages and index.html in ${((performance.now() - started) / 1000).toFixed(1)} s (concurrency ${concurrency}).`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
