/**
 * The sandbox sits on top of the service: a production `serve` loads none of its modules
 * (src/sandbox/), which only `serve --sandbox` loads. Run as shipped (`dist/`), each module the
 * process resolves recorded (support/loaded-modules.mjs).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';

const serviceDirectory = fileURLToPath(new URL('../..', import.meta.url));
const recorder = fileURLToPath(new URL('../support/loaded-modules.mjs', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'serve-modules-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The service's own modules that `serve` (with `args`) loaded by the time it answered a request, relative to `dist/`. */
async function modulesLoadedBy(name: string, args: string[]): Promise<string[]> {
  const file = join(directory, `${name}.txt`);
  const child = spawn(
    process.execPath,
    ['--import', recorder, 'dist/cli/main.js', '--data-dir', join(directory, name), 'serve', ...args],
    {
      cwd: serviceDirectory,
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: '0',
        HTTPS_PORT: 'off',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        LOADED_MODULES_FILE: file,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /listening at (http:\/\/[^\s",]+)/i.exec(output);
        if (listening) resolve(listening[1]!);
      });
      child.on('exit', (code) => reject(new Error(`serve ended (${code}) before listening: ${output}`)));
    });
    expect((await fetch(`${origin}/health`)).status).toBe(200);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  const dist = new URL('../../dist/', import.meta.url).href;
  return [...new Set(readFileSync(file, 'utf8').split('\n'))]
    .filter((url) => url.startsWith(dist))
    .map((url) => url.slice(dist.length));
}

test('a production serve loads no module of the sandbox', { timeout: 60_000 }, async () => {
  const loaded = await modulesLoadedBy('production', []);
  expect(loaded).toContain('server.js');
  expect(loaded.filter((module) => module.startsWith('sandbox/'))).toEqual([]);
});

test('serve --sandbox loads the sandbox as its layer', { timeout: 60_000 }, async () => {
  const loaded = await modulesLoadedBy('sandbox', ['--sandbox', '--events', '0']);
  expect(loaded).toContain('sandbox/layer.js');
});
