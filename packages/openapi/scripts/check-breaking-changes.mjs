#!/usr/bin/env node
// The breaking-change check: each 7.x document is compared with its state at the last release
// of @street-events/openapi, and the check fails when a change is breaking (as api-smart-diff
// classifies it) and no pending changeset bumps @street-events/openapi by a major version.
//
//   node scripts/check-breaking-changes.mjs [--root DIR] [--base REF]
//
// The last release is the newest git tag `@street-events/openapi@<version>` reachable from HEAD
// (the tag `changeset publish` creates); `--base` names another git ref. Without either there is
// no released state to break, and the check says so and passes. Both states are bundled from
// their sources (`openapi/` and `redocly.yaml` at that ref, and in the working tree) with the
// Redocly CLI, exactly as `bundle` does.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { breakingChanges, compareDocuments } from './openapi-changes.mjs';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const redoclyCli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const PACKAGE = '@street-events/openapi';

/**
 * @param {string[]} argv
 * @returns {{ root: string, base: string | undefined }}
 */
function parseArguments(argv) {
  /** @type {{ root: string, base: string | undefined }} */
  const options = { root: resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..'), base: undefined };
  for (let i = 0; i < argv.length; i += 2) {
    const [name, value] = [argv[i], argv[i + 1]];
    if (value === undefined || (name !== '--root' && name !== '--base')) {
      throw new Error(`usage: check-breaking-changes.mjs [--root DIR] [--base REF] (got ${argv.join(' ')})`);
    }
    if (name === '--root') options.root = resolve(value);
    else options.base = value;
  }
  return options;
}

/** @param {string} root @param {string[]} args */
const git = async (root, args) => (await run('git', ['-C', root, ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout;

/**
 * The newest release tag of the package reachable from HEAD, if any.
 *
 * @param {string} root
 */
async function lastReleaseTag(root) {
  const tags = await git(root, ['tag', '--merged', 'HEAD', '--list', `${PACKAGE}@*`, '--sort=-v:refname']);
  return tags
    .split('\n')
    .find((tag) => tag.trim() !== '')
    ?.trim();
}

/**
 * The api names and output files of redocly.yaml (`events@7.0` → `packages/openapi/dist/v7.0.json`).
 *
 * @param {string} text
 * @returns {Map<string, string>}
 */
export function apisOf(text) {
  const apis = new Map();
  let current;
  for (const line of text.split('\n')) {
    const api = /^ {2}([\w-]+@[\w.-]+):\s*$/.exec(line);
    if (api) current = api[1];
    const output = /^ {4}output:\s*(\S+)\s*$/.exec(line);
    if (output && current) apis.set(current, output[1]);
  }
  return apis;
}

/**
 * Bundles every api of `dir`'s redocly.yaml; returns each bundled document by api name.
 *
 * @param {string} dir
 * @returns {Promise<Map<string, object>>}
 */
async function bundleAll(dir) {
  await run(process.execPath, [redoclyCli, 'bundle'], {
    cwd: dir,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const apis = apisOf(await readFile(join(dir, 'redocly.yaml'), 'utf8'));
  const documents = new Map();
  for (const [name, output] of apis) documents.set(name, JSON.parse(await readFile(join(dir, output), 'utf8')));
  return documents;
}

/**
 * The documents' sources at `ref` (or in the working tree), bundled in a scratch directory.
 *
 * @param {string} root
 * @param {string | undefined} ref
 */
async function bundledAt(root, ref) {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-state-'));
  try {
    if (ref === undefined) {
      await cp(join(root, 'openapi'), join(dir, 'openapi'), { recursive: true });
      await cp(join(root, 'redocly.yaml'), join(dir, 'redocly.yaml'));
    } else {
      const archive = join(dir, 'sources.tar');
      await git(root, ['archive', '--format=tar', `--output=${archive}`, ref, 'openapi', 'redocly.yaml']);
      await run('tar', ['-xf', archive, '-C', dir]);
    }
    return await bundleAll(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Whether a pending changeset bumps the package by a major version.
 *
 * @param {string} root
 */
export async function hasMajorChangeset(root) {
  const dir = join(root, '.changeset');
  const files = (await readdir(dir).catch(() => [])).filter((file) => file.endsWith('.md') && file !== 'README.md');
  const major = new RegExp(`^\\s*["']?${PACKAGE.replace('/', '\\/')}["']?\\s*:\\s*major\\s*$`, 'm');
  for (const file of files) {
    const frontMatter = /^---\n([\s\S]*?)\n---/.exec(await readFile(join(dir, file), 'utf8'))?.[1] ?? '';
    if (major.test(frontMatter)) return true;
  }
  return false;
}

/**
 * @param {{ root: string, base: string | undefined }} options
 * @returns {Promise<{ ok: boolean, report: string }>}
 */
export async function checkBreakingChanges({ root, base }) {
  const ref = base ?? (await lastReleaseTag(root));
  if (ref === undefined) {
    return {
      ok: true,
      report: `${PACKAGE} has no release yet (no tag ${PACKAGE}@*): no released state to compare with.`,
    };
  }
  const [released, current] = await Promise.all([bundledAt(root, ref), bundledAt(root, undefined)]);
  const lines = [`Compared with ${ref}:`];
  let breaking = 0;
  for (const [name, before] of released) {
    const after = current.get(name);
    if (after === undefined) {
      breaking += 1;
      lines.push(`  ${name}: BREAKING: the document was removed`);
      continue;
    }
    const changes = compareDocuments(before, after);
    const found = breakingChanges(changes);
    breaking += found.length;
    lines.push(`  ${name}: ${changes.length} change(s), ${found.length} breaking`);
    for (const change of found) lines.push(`    BREAKING ${change.where}: ${change.summary} (${change.detail})`);
  }
  for (const name of current.keys()) if (!released.has(name)) lines.push(`  ${name}: new since ${ref}`);
  if (breaking === 0) return { ok: true, report: lines.join('\n') };
  if (await hasMajorChangeset(root)) {
    lines.push(`${breaking} breaking change(s), announced by a major changeset of ${PACKAGE}.`);
    return { ok: true, report: lines.join('\n') };
  }
  lines.push(
    `${breaking} breaking change(s) and no major changeset of ${PACKAGE}: undo them, or add a changeset ` +
      `(npx changeset) with "${PACKAGE}": major that tells clients what to change.`,
  );
  return { ok: false, report: lines.join('\n') };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  checkBreakingChanges(parseArguments(process.argv.slice(2))).then(
    ({ ok, report }) => {
      console.log(report);
      process.exitCode = ok ? 0 : 1;
    },
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
