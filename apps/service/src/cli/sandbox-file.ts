/**
 * `sandbox.json` in a PGlite data directory: `serve --sandbox` says there where it listens and
 * where it keeps its tokens, while it holds the directory (removed when it stops; a file whose
 * process no longer holds the directory is ignored). The other commands read it to reach the
 * sandbox: those that need the directory run in it (running-sandbox.ts), those that talk to a
 * running service find it there (operator-api.ts).
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { holderOfDataDirectory } from '../db/data-directory.js';

export interface RunningSandbox {
  pid: number;
  /** Where the service listens, e.g. http://127.0.0.1:8080 (its operator API is at /internal there). */
  service: string;
  /** Where it keeps its users' tokens (see sandbox/seed/sandbox-tokens.ts). */
  tokens_file: string;
}

const sandboxFileOf = (dataDir: string): string => resolve(dataDir, 'sandbox.json');

function readSandboxFile(file: string): RunningSandbox | undefined {
  try {
    const { pid, service, tokens_file } = JSON.parse(readFileSync(file, 'utf8')) as Partial<RunningSandbox>;
    if (typeof pid !== 'number' || typeof service !== 'string' || typeof tokens_file !== 'string') return undefined;
    return { pid, service, tokens_file };
  } catch {
    return undefined;
  }
}

/** Says that this process's sandbox runs on `dataDir`; returns the function that unsays it, also run at exit. */
export function announceSandbox(dataDir: string, sandbox: Omit<RunningSandbox, 'pid'>): () => void {
  const file = sandboxFileOf(dataDir);
  const written = `${file}.${process.pid}`;
  writeFileSync(written, `${JSON.stringify({ pid: process.pid, ...sandbox }, null, 2)}\n`, { mode: 0o600 });
  renameSync(written, file);
  const remove = () => {
    process.off('exit', remove);
    if (readSandboxFile(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', remove);
  return remove;
}

/** The sandbox running on `dataDir`: the one its file names, while that process holds the directory. */
export function runningSandbox(dataDir: string): RunningSandbox | undefined {
  const sandbox = readSandboxFile(sandboxFileOf(dataDir));
  return sandbox !== undefined && holderOfDataDirectory(dataDir) === sandbox.pid ? sandbox : undefined;
}
