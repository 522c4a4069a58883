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
import { marked } from 'marked';
// The same comparison as the breaking-change check of @street-events/openapi.
import { CHANGE_TYPES, compareDocuments } from '@street-events/openapi/changes';

const require = createRequire(import.meta.url);
const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(appDir, 'dist');
const template = join(appDir, 'templates', 'reference.hbs');
const redoclyCli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

export const SITE_TITLE = 'Street works event interface';
/** The page of changes between consecutive versions. */
export const CHANGES_PAGE = 'changes.html';
/** The page on sizing a deployment: the "Sizing" section of the service's README. */
export const SIZING_PAGE = 'sizing.html';
const serviceReadme = join(appDir, '..', 'service', 'README.md');
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
    `--template=${template}`,
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
// The index page

/** @param {string} text */
function escapeHtml(text) {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Inline Markdown of a table cell or a short paragraph: code spans, bold, italics.
 *
 * @param {string} markdown
 */
function inlineMarkdown(markdown) {
  return markdown
    .split(/(`[^`]*`)/)
    .map((part) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1
        ? `<code>${escapeHtml(part.slice(1, -1))}</code>`
        : escapeHtml(part)
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
 * @param {Version[]} versions  oldest first
 * @returns {string}
 */
export function renderIndex(versions) {
  const latest = /** @type {Version} */ (versions.at(-1));
  const description = latest.document.info.description ?? '';
  const latestChange = changeNote(description, latest.version) ?? latest.document.info.summary ?? '';
  const latestHref = `${latest.version}/index.html`;

  const rows = [...versions]
    .reverse()
    .map(({ version, document }) => {
      const isLatest = version === latest.version;
      const { operations, webhooks } = countOperations(document);
      const change = changeNote(description, version);
      return `
        <li class="version${isLatest ? ' latest' : ''}" data-version="${version}">
          <a class="version-link" href="${version}/index.html">
            <span class="version-number">${version}</span>
            ${isLatest ? '<span class="badge">Latest</span>' : ''}
          </a>
          <span class="version-detail">${plural(operations, 'operation')} · ${plural(webhooks, 'webhook')}${
            change ? ` · ${inlineMarkdown(change)}` : ''
          }</span>
          <a class="version-json" href="${version}/openapi.json" download="street-works-events-${version}.json">OpenAPI JSON</a>
        </li>`;
    })
    .join('');

  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(SITE_TITLE)}</title>
  <meta name="description" content="API reference of the ${escapeHtml(SITE_TITLE.toLowerCase())}, versions ${versions[0]?.version} to ${latest.version}.">
  <style>
    :root {
      color-scheme: light;
      --ink: #1f2937;
      --muted: #5b6473;
      --line: #e2e6eb;
      --paper: #ffffff;
      --wash: #f5f7fa;
      --accent: #1d4ed8;
      --accent-wash: #eef3ff;
      --note: #fff8e6;
      --note-line: #f0c36d;
    }
    * { box-sizing: border-box; }
    body {
      margin: 0;
      background: var(--wash);
      color: var(--ink);
      font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    }
    header {
      background: #0f2a4a;
      color: #fff;
      padding: 40px 24px 36px;
    }
    header .inner, main, footer { max-width: 860px; margin: 0 auto; }
    header h1 { margin: 0 0 8px; font-size: 2rem; line-height: 1.2; letter-spacing: -0.01em; }
    header p { margin: 0; max-width: 46em; color: #d5e1ef; }
    main { padding: 28px 24px 8px; }
    h2 { font-size: 1.15rem; margin: 32px 0 12px; }
    code {
      font: 0.88em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
      background: #eef1f5;
      border-radius: 4px;
      padding: 1px 5px;
    }
    .card {
      background: var(--paper);
      border: 1px solid var(--line);
      border-radius: 10px;
      padding: 20px 22px;
      box-shadow: 0 1px 2px rgba(15, 42, 74, 0.06);
    }
    .whats-new { border-left: 4px solid var(--accent); }
    .whats-new h2 { margin-top: 0; }
    .whats-new p { margin: 0 0 14px; }
    .actions { display: flex; flex-wrap: wrap; gap: 10px; }
    .button {
      display: inline-block;
      padding: 8px 14px;
      border-radius: 6px;
      border: 1px solid var(--accent);
      color: var(--accent);
      text-decoration: none;
      font-weight: 600;
      font-size: 0.95rem;
    }
    .button.primary { background: var(--accent); color: #fff; }
    .button:hover, .button:focus-visible { filter: brightness(1.1); text-decoration: underline; }
    ol.versions { list-style: none; margin: 0; padding: 0; }
    .version {
      display: grid;
      grid-template-columns: 8.5rem 1fr auto;
      align-items: center;
      gap: 12px;
      padding: 12px 4px;
      border-bottom: 1px solid var(--line);
    }
    .version:last-child { border-bottom: 0; }
    .version.latest { background: var(--accent-wash); border-radius: 6px; padding-left: 10px; padding-right: 10px; }
    .version-link { color: var(--accent); font-weight: 700; text-decoration: none; display: inline-flex; align-items: center; gap: 8px; }
    .version-link:hover .version-number, .version-link:focus-visible .version-number { text-decoration: underline; }
    .version-number { font-size: 1.05rem; }
    .version-detail { color: var(--muted); font-size: 0.92rem; }
    .version-json { font-size: 0.85rem; color: var(--muted); }
    .badge {
      display: inline-block;
      background: var(--accent);
      color: #fff;
      font-size: 0.72rem;
      font-weight: 700;
      letter-spacing: 0.04em;
      text-transform: uppercase;
      border-radius: 999px;
      padding: 2px 8px;
    }
    .hint { color: var(--muted); font-size: 0.9rem; margin-top: 10px; }
    footer { color: var(--muted); font-size: 0.85rem; padding: 24px; }
    @media (max-width: 640px) {
      .version { grid-template-columns: 1fr; gap: 4px; }
    }
  </style>
</head>
<body>
  <header>
    <div class="inner">
      <h1>${escapeHtml(SITE_TITLE)}</h1>
      <p>${inlineMarkdown(introduction(description))}</p>
    </div>
  </header>
  <main>
    <section class="card whats-new" aria-labelledby="whats-new">
      <h2 id="whats-new">What changed in ${latest.version} <span class="badge">Latest</span></h2>
      <p id="latest-change">${inlineMarkdown(latestChange)}</p>
      <div class="actions">
        <a class="button primary" href="${latestHref}">Open the ${latest.version} reference</a>
        <a class="button" id="decisions-link" href="${latestHref}${DECISIONS_ANCHOR}">Decisions</a>
        <a class="button" id="changes-link" href="${CHANGES_PAGE}">What changed between versions</a>
        <a class="button" id="login-link" href="login/index.html">Login and token refresh</a>
        <a class="button" id="sizing-link" href="${SIZING_PAGE}">Sizing a deployment</a>
      </div>
      <p class="hint">The <em>Decisions</em> section records how this service settles what the interface leaves open.</p>
    </section>

    <section aria-labelledby="versions">
      <h2 id="versions">Versions</h2>
      <div class="card">
        <ol class="versions">${rows}
        </ol>
      </div>
    </section>
  </main>
  <footer>
    Each version's reference is a single self-contained page, with its OpenAPI ${escapeHtml(
      String(/** @type {{ openapi?: string }} */ (latest.document).openapi ?? '3.1'),
    )} document alongside.
  </footer>
</body>
</html>
`;
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
 * @param {Version} before
 * @param {Version} after
 */
function renderComparison(before, after) {
  const changes = compareDocuments(before.document, after.document);
  const id = `v${before.version}-v${after.version}`.replaceAll('.', '-');
  const counts = CHANGE_TYPES.map((type) => ({ type, count: changes.filter((change) => change.type === type).length }))
    .filter(({ count }) => count > 0)
    .map(
      ({ type, count }) =>
        `<span class="count ${type}">${count} ${escapeHtml(CHANGE_LABELS[type].toLowerCase())}</span>`,
    )
    .join(' ');
  const rows = CHANGE_TYPES.flatMap((type) => changes.filter((change) => change.type === type))
    .map(
      (change) => `
          <tr class="${change.type}">
            <td><span class="type ${change.type}">${escapeHtml(CHANGE_LABELS[change.type])}</span></td>
            <td class="where"><code>${escapeHtml(change.where)}</code></td>
            <td>${escapeHtml(change.summary)}<div class="detail">${escapeHtml(change.detail)}</div></td>
          </tr>`,
    )
    .join('');
  return `
    <section class="card comparison" id="${id}" data-from="${before.version}" data-to="${after.version}">
      <h2>${before.version} → ${after.version}</h2>
      <p class="summary">${inlineMarkdown(after.document.info.summary ?? '')}</p>
      <p class="counts">${counts || '<span class="count none">No change to operations, messages, servers or security</span>'}</p>
      ${
        rows
          ? `<table>
        <thead><tr><th>Kind</th><th>Where</th><th>Change</th></tr></thead>
        <tbody>${rows}
        </tbody>
      </table>`
          : ''
      }
    </section>`;
}

/**
 * The changes between each pair of consecutive versions, newest first, computed from the
 * documents themselves.
 *
 * @param {Version[]} versions  oldest first
 * @returns {string}
 */
export function renderChanges(versions) {
  const pairs = versions.slice(1).map((after, index) => /** @type {[Version, Version]} */ ([versions[index], after]));
  const sections = pairs
    .reverse()
    .map(([before, after]) => renderComparison(before, after))
    .join('');
  return pageShell({
    title: 'What changed',
    heading: 'What changed between versions',
    intro: `Computed from the OpenAPI documents of each pair of consecutive versions: operations, webhook messages,
      servers and security, classified as the release check classifies them. <a href="index.html">All versions</a>`,
    style: `
    .summary { margin: 0 0 8px; color: #5b6473; }
    .count { display: inline-block; border-radius: 999px; padding: 1px 10px; font-size: 0.85rem; background: #eef1f5; margin-right: 6px; }
    .count.breaking, .type.breaking { background: #fde2e1; color: #8a1c13; }
    .count.non-breaking, .type.non-breaking { background: #e3f4e6; color: #1d5c2a; }
    .count.deprecated, .type.deprecated { background: #fff3d6; color: #7a5200; }
    td.where code { font: 0.82rem/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-word; }
    .type { display: inline-block; border-radius: 4px; padding: 0 6px; font-size: 0.8rem; background: #eef1f5; white-space: nowrap; }
    .detail { color: #5b6473; font-size: 0.82rem; white-space: pre-wrap; word-break: break-word; }`,
    main: sections,
  });
}

/**
 * A page of the site beside the references: the header, and `main` in cards.
 *
 * @param {{ title: string, heading: string, intro: string, style: string, main: string }} page
 */
function pageShell({ title, heading, intro, style, main }) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · ${escapeHtml(SITE_TITLE)}</title>
  <style>
    body { margin: 0; background: #f5f7fa; color: #1f2937; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
    header { background: #0f2a4a; color: #fff; padding: 32px 24px; }
    header .inner, main { max-width: 1100px; margin: 0 auto; }
    header h1 { margin: 0 0 8px; font-size: 1.8rem; }
    header p { margin: 0; color: #d5e1ef; }
    header a { color: #fff; }
    main { padding: 24px; }
    .card { background: #fff; border: 1px solid #e2e6eb; border-radius: 10px; padding: 18px 20px; margin-bottom: 20px; }
    h2 { margin: 0 0 6px; font-size: 1.2rem; }
    table { width: 100%; border-collapse: collapse; font-size: 0.9rem; }
    th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-top: 1px solid #e2e6eb; }
    code { background: #eef1f5; border-radius: 4px; padding: 1px 4px; }${style}
  </style>
</head>
<body>
  <header>
    <div class="inner">
      <h1>${escapeHtml(heading)}</h1>
      <p>${intro}</p>
    </div>
  </header>
  <main>${main}
  </main>
</body>
</html>
`;
}

// ---------------------------------------------------------------------------
// The "Sizing" page

/**
 * The "Sizing" section of the service's README (measured costs × the national load → cores,
 * replicas and workers; partitioning the audit events), as a page of the site.
 *
 * @param {string} readme  the service's README, in Markdown
 */
export function renderSizing(readme) {
  const section = /^## Sizing\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (!section) throw new Error(`No "## Sizing" section in ${serviceReadme}`);
  return pageShell({
    title: 'Sizing',
    heading: 'Sizing a deployment',
    intro: `What a national deployment of the service needs, from the per-request costs the service's benchmark
      measures: processes, cores, standbys and workers, and how to partition the audit events as they grow.
      <a href="index.html">All versions</a>`,
    style: `
    .card table { margin: 12px 0; }
    .card h3 { font-size: 1.05rem; }`,
    main: `
    <article class="card sizing">${marked.parse(section, { async: false })}</article>`,
  });
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

  await writeFile(join(distDir, 'index.html'), renderIndex(versions));
  await writeFile(join(distDir, CHANGES_PAGE), renderChanges(versions));
  await writeFile(join(distDir, SIZING_PAGE), renderSizing(await readFile(serviceReadme, 'utf8')));
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
