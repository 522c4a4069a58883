/**
 * The breaking-change check on a scratch git repository holding a copy of the documents,
 * released (tagged `@street-events/openapi@1.0.0`) and then edited: a deliberately breaking
 * edit fails the check unless a major changeset announces it; other edits pass.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBreakingChanges } from '../scripts/check-breaking-changes.mjs';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
let root: string;

const git = (...args: string[]) =>
  execFileSync('git', ['-C', root, '-c', 'user.name=check', '-c', 'user.email=check@localhost', ...args], {
    stdio: 'pipe',
  });

function edit(path: string, from: string, to: string): void {
  const file = join(root, path);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

function changeset(name: string, bump: 'major' | 'minor'): void {
  writeFileSync(join(root, '.changeset', `${name}.md`), `---\n"@street-events/openapi": ${bump}\n---\n\nA change.\n`);
}

/** The polling page size limit lowered: a request valid against the release is refused. */
const breakingEdit = () => edit('openapi/components/parameters/PollPageSize.yaml', 'maximum: 250', 'maximum: 100');

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'breaking-changes-'));
  cpSync(join(repositoryRoot, 'openapi'), join(root, 'openapi'), { recursive: true });
  cpSync(join(repositoryRoot, 'redocly.yaml'), join(root, 'redocly.yaml'));
  cpSync(join(repositoryRoot, '.changeset', 'config.json'), join(root, '.changeset', 'config.json'));
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'release');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('without a release', () => {
  it('passes and says there is nothing to compare with', async () => {
    breakingEdit();
    const { ok, report } = await checkBreakingChanges({ root, base: undefined });
    expect([ok, report]).toEqual([true, expect.stringMatching(/has no release yet/)]);
  });
});

describe('after a release', () => {
  beforeEach(() => git('tag', '@street-events/openapi@1.0.0'));

  it('passes on the documents as released, comparing every 7.x document', async () => {
    const { ok, report } = await checkBreakingChanges({ root, base: undefined });
    expect(ok).toBe(true);
    expect(report).toMatch(/^Compared with @street-events\/openapi@1\.0\.0:/);
    for (const minor of [0, 1, 2, 3, 4, 5, 6, 7])
      expect(report).toContain(`events@7.${minor}: 0 change(s), 0 breaking`);
  });

  it('fails on a breaking edit that no major changeset announces', async () => {
    breakingEdit();
    changeset('smaller-pages', 'minor');
    const { ok, report } = await checkBreakingChanges({ root, base: undefined });
    expect(ok).toBe(false);
    expect(report).toMatch(/BREAKING paths › \/works\/updates › get › parameters .*maximum/);
    expect(report).toMatch(/no major changeset of @street-events\/openapi/);
  });

  it('passes on the same edit once a major changeset announces it', async () => {
    breakingEdit();
    changeset('smaller-pages', 'major');
    const { ok, report } = await checkBreakingChanges({ root, base: undefined });
    expect(ok).toBe(true);
    expect(report).toMatch(/announced by a major changeset/);
  });

  it('passes on a change that breaks no client, with no changeset', async () => {
    edit(
      'openapi/components/parameters/PollPageSize.yaml',
      'default 100.',
      'default 100 (more per page means fewer calls).',
    );
    const { ok, report } = await checkBreakingChanges({ root, base: undefined });
    expect(ok).toBe(true);
    expect(report).toContain('events@7.7: 1 change(s), 0 breaking');
  });
});
