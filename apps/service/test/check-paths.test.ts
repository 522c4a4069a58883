/**
 * The check that every path named in a comment or in Markdown is in the tree
 * (scripts/check-paths.mjs, run by `npm test`), on a small repository written for each test: a
 * dead path is reported with its file and line, a live one is not, and what only looks like a
 * path (a URL, a glob, a package, a command's argument, a string in code) is left alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { deadReferences, lineReferences } from '../../../scripts/check-paths.mjs';

const script = fileURLToPath(new URL('../../../scripts/check-paths.mjs', import.meta.url));
const roots: string[] = [];

/** A repository of the given files (path → text), with the folders they need. */
function repository(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-paths-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

/** A repository with one package, apps/demo, whose src/ holds the outbox of a queue. */
const demo = {
  'package.json': '{}\n',
  'apps/demo/package.json': '{}\n',
  'apps/demo/src/queue/outbox.ts': 'export const outbox = 1;\n',
};

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('paths named in comments', () => {
  it('reports a dead path with its file and line, and resolves a live one against the package', () => {
    const root = repository({
      ...demo,
      'apps/demo/src/x/y.ts': [
        '/** The outbox (queue/outbox.ts) took over from deliveries/outbox.ts. */',
        'export const y = 1;',
        '// Also `outbox.ts` and `src/queue/outbox.ts`, but not `vanished.ts`.',
        '',
      ].join('\n'),
    });
    expect(deadReferences(root)).toEqual([
      { file: 'apps/demo/src/x/y.ts', line: 1, reference: 'deliveries/outbox.ts' },
      { file: 'apps/demo/src/x/y.ts', line: 3, reference: 'vanished.ts' },
    ]);
  });

  it('resolves ./ and ../ from the file alone, and a .js name to its TypeScript source', () => {
    const root = repository({
      ...demo,
      'apps/demo/src/x/y.ts': [
        '// ../queue/outbox.js and ../../package.json live; ./queue/outbox.ts is not beside this file.',
        'export const y = 1;',
        '',
      ].join('\n'),
    });
    expect(deadReferences(root)).toEqual([{ file: 'apps/demo/src/x/y.ts', line: 1, reference: './queue/outbox.ts' }]);
  });

  it('leaves alone strings, URLs, globs, packages, build outputs, placeholders and prose', () => {
    const root = repository({
      ...demo,
      'apps/demo/src/x/y.ts': [
        "export const text = '// gone/file.ts is a string, not a comment';",
        '/**',
        ' * https://example.com/docs/gone.ts, @fastify/rate-limit, test/**/*.test.ts, src/{a,b}.ts,',
        ' * dist/cli/main.js, node_modules/x/index.js, versions/7.x.yaml, <dir>/gone.ts, /etc/gone.conf/,',
        ' * Node.js, and/or, read/write, sandbox.json (a bare data file), gone.ts outside a code span.',
        ' */',
        'export const y = 1;',
        '',
      ].join('\n'),
    });
    expect(deadReferences(root)).toEqual([]);
  });

  it('does not read node_modules, dist, results or generated code', () => {
    const dead = '// see gone/file.ts\n';
    const root = repository({
      ...demo,
      'apps/demo/node_modules/pkg/index.js': dead,
      'apps/demo/dist/index.js': dead,
      'apps/demo/bench/results/run.md': 'gone/file.ts\n',
      'apps/demo/src/generated/types.ts': dead,
    });
    expect(deadReferences(root)).toEqual([]);
  });
});

describe('paths named in Markdown', () => {
  it('reports dead paths of prose, links, listings and tables, and passes live ones', () => {
    const root = repository({
      ...demo,
      'apps/demo/README.md': [
        'The outbox is `src/queue/outbox.ts`, once `src/deliveries/outbox.ts`.', // 1
        'See [the root](../../package.json) and [gone](../../GONE.md#top).', // 2
        '',
        '```',
        'src/', // 5
        '  queue/      the outbox', // 6
        '  worker/     gone', // 7
        'dist/', // 8
        '  index.js    built', // 9
        '```',
        '',
        '| path     | what                                 |',
        '| -------- | ------------------------------------ |',
        '| `src/`   | `queue/outbox.ts`, not `queue/x.ts` |', // 14
        '',
      ].join('\n'),
    });
    expect(deadReferences(root)).toEqual([
      { file: 'apps/demo/README.md', line: 1, reference: 'src/deliveries/outbox.ts' },
      { file: 'apps/demo/README.md', line: 2, reference: '../../GONE.md' },
      { file: 'apps/demo/README.md', line: 7, reference: 'worker/' },
      { file: 'apps/demo/README.md', line: 14, reference: 'queue/x.ts' },
    ]);
  });

  it('leaves alone commands and code examples, history and changelogs', () => {
    const root = repository({
      ...demo,
      'README.md': [
        '```sh',
        'node scripts/gone.mjs apps/demo/gone.ts',
        '```',
        '',
        '```ts',
        '// gone/file.ts',
        '```',
        '',
      ].join('\n'),
      '.changeset/old.md': 'Moved `src/gone.ts`.\n',
      'apps/demo/CHANGELOG.md': 'Moved `src/gone.ts`.\n',
    });
    expect(deadReferences(root)).toEqual([]);
  });
});

describe('lineReferences', () => {
  it('counts a bare name only in a code span, and only a source or a document', () => {
    expect(lineReferences('app.ts and `app.ts`, `sandbox.json`, `login/`, src/app.ts')).toEqual([
      'app.ts',
      'src/app.ts',
    ]);
    expect(lineReferences('app.ts login/', { bare: true })).toEqual(['app.ts', 'login/']);
  });
});

describe('the command', () => {
  it('lists each dead path with its file and line and fails, or says all exist', () => {
    const dead = repository({ ...demo, 'apps/demo/src/x.ts': '\n// see src/gone.ts\nexport {};\n' });
    const failed = spawnSync(process.execPath, [script, dead], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('apps/demo/src/x.ts:2: src/gone.ts');

    const live = repository({ ...demo, 'apps/demo/src/x.ts': '// see src/queue/outbox.ts\nexport {};\n' });
    const passed = spawnSync(process.execPath, [script, live], { encoding: 'utf8' });
    expect(passed.status).toBe(0);
  });
});
