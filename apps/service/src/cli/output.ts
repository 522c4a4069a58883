/**
 * Where a command of `street-events` prints. In a terminal: this process's stdout and stderr. Run
 * in a sandbox for another process (see in-sandbox.ts): that call's own buffers, so that
 * commands run at once in the sandbox each answer what they printed, and nothing else. Commands
 * print only through these functions, never `console.log`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseConfig, DatabaseHandle } from '../db/database.js';

/** A command run in the sandbox: the sandbox's database, and what the command printed. */
export interface SandboxRun {
  handle: DatabaseHandle;
  database: DatabaseConfig;
  stdout: string[];
  stderr: string[];
}

const runs = new AsyncLocalStorage<SandboxRun>();

/** Runs `work` as the command run `run`: its output goes to the run's buffers. */
export const withSandboxRun = <T>(run: SandboxRun, work: () => Promise<T>): Promise<T> => runs.run(run, work);

/** The command run in the sandbox that this code is part of; undefined in a terminal. */
export const sandboxRun = (): SandboxRun | undefined => runs.getStore();

/** Writes text to standard output as it is. */
export function writeOut(text: string): void {
  const run = runs.getStore();
  if (run) run.stdout.push(text);
  else process.stdout.write(text);
}

/** Writes text to standard error as it is. */
export function writeErr(text: string): void {
  const run = runs.getStore();
  if (run) run.stderr.push(text);
  else process.stderr.write(text);
}

/** A line on standard output: what the command answers. */
export const printLine = (line: string): void => writeOut(`${line}\n`);

/** A line on standard error: what the command says about what it did. */
export const printNote = (line: string): void => writeErr(`${line}\n`);

/** A rate of a profile as a percentage: `0.2` is `20 %`. */
export const percent = (rate: number): string => `${Math.round(rate * 1000) / 10} %`;
