/**
 * A PGlite data directory's lock: a lock left by a process that is gone is taken over, and a lock
 * that another process took since it was seen stale is left to it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { lockDataDirectory, removeStaleLock } from '../../src/db/data-directory.js';

let directory = '';
let lockFile = '';
/** A pid no process has: above the kernel's largest. */
const gone = 2 ** 22 + 1;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'street-events-lock-'));
  lockFile = `${join(directory, 'pglite')}.lock`;
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

test('a lock left by a process that is gone is taken over', () => {
  writeFileSync(lockFile, `${gone}\n`);
  const release = lockDataDirectory(join(directory, 'pglite'));
  expect(readFileSync(lockFile, 'utf8')).toBe(`${process.pid}\n`);
  release();
});

test('a lock taken by a live process since it was seen stale is left to it', () => {
  writeFileSync(lockFile, `${process.ppid}\n`);
  removeStaleLock(lockFile, gone);
  expect(readFileSync(lockFile, 'utf8')).toBe(`${process.ppid}\n`);
});

test('a stale lock another process removed first is nothing to remove', () => {
  expect(() => removeStaleLock(lockFile, gone)).not.toThrow();
});
