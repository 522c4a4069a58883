// Packs @street-events/openapi and @street-events/sandbox as they would be published, installs the
// tarballs with npm into an empty folder outside the workspace, and runs the installed
// `street-events-sandbox` there with no arguments, as `npx @street-events/sandbox` does: it must
// serve the sandbox on its embedded database, keep its data in the folder, answer a poll with a
// token it printed, stop on Ctrl-C with code 0, and run the other commands on that data.
// Fails when the bundle, its files (migrations, console, API reference) or a runtime dependency is missing.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAndInstall, sh, startSandbox, type Ready } from '../scripts/installed-sandbox.mjs';

/** A slow, busy machine takes minutes to install and seed; nothing here waits a fixed time. */
const startTimeout = 300_000;

/** GET over HTTPS trusting only `caFile`: the status. */
async function httpsStatus(url: string, token: string, caFile: string): Promise<number> {
  const ca = await readFile(caFile, 'utf8');
  return new Promise((resolve, reject) => {
    request(url, { ca, headers: { token } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

describe('the installed sandbox', () => {
  let workDir = '';
  let projectDir = '';
  let tarballs: string[] = [];
  let sandbox: ReturnType<typeof startSandbox> | undefined;
  let ready: Ready;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'street-events-sandbox-'));
    ({ projectDir, tarballs } = await packAndInstall(workDir));
    sandbox = startSandbox(join(projectDir, 'node_modules/.bin/street-events-sandbox'), [], {
      cwd: projectDir,
      env: { LOG_LEVEL: 'warn' },
    });
    ready = await sandbox.ready;
  }, startTimeout);

  afterAll(async () => {
    sandbox?.kill();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('is a package as npm expects it (publint, strict: warnings fail)', async () => {
    const sandboxTarball = tarballs.find((tarball) => tarball.includes('sandbox'))!;
    await sh(
      fileURLToPath(new URL('../node_modules/.bin/publint', import.meta.url)),
      ['run', sandboxTarball, '--strict'],
      workDir,
    );
  }, 60_000);

  it('answers a poll of /v7/event/works/updates with a token it printed', async () => {
    expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v7\/event$/);
    const response = await fetch(`${ready.baseUrl}/works/updates`, { headers: { token: ready.tokens['nw.planner']! } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });

  it('serves HTTPS with a certificate of the CA file it printed', async () => {
    expect(await httpsStatus(`${ready.httpsBaseUrl}/works/updates`, ready.tokens['nw.planner']!, ready.caFile)).toBe(
      200,
    );
  });

  it('serves the console', async () => {
    const response = await fetch(`${new URL(ready.baseUrl).origin}/console/app.js`, {
      headers: { token: ready.tokens['operator']! },
    });
    expect(response.status).toBe(200);
  });

  it('serves the API reference it carries, linked from the start page', async () => {
    const origin = new URL(ready.baseUrl).origin;
    expect(await (await fetch(`${origin}/`)).text()).toContain('href="/reference/"');
    const page = await fetch(`${origin}/reference/login/index.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('keeps its data in .street-events/ of the folder it runs in', () => {
    const dataDir = join(projectDir, '.street-events/pglite');
    expect(ready.caFile).toBe(join(dataDir, 'tls/ca.pem'));
    expect(existsSync(join(dataDir, 'sandbox-tokens.json'))).toBe(true);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  });

  it('runs trigger, from the same folder, through the running sandbox with the Operator token it kept', async () => {
    const service = new URL(ready.baseUrl).origin;
    const { stdout } = await sh(
      join(projectDir, 'node_modules/.bin/street-events-sandbox'),
      ['trigger', 'fpn_paid', '--org', '7001', '--service', service],
      projectDir,
    );
    expect(stdout).toContain('fpn_paid');
  }, 120_000);

  it('plays an example scenario it ships, through the running sandbox', async () => {
    const service = new URL(ready.baseUrl).origin;
    const example = join(projectDir, 'node_modules/@street-events/sandbox/scenarios/immediate-permit.yaml');
    const { stdout } = await sh(
      join(projectDir, 'node_modules/.bin/street-events-sandbox'),
      ['scenario', 'run', example, '--service', service],
      projectDir,
    );
    expect(stdout).toMatch(/permit_submitted[\s\S]*work_start_logged[\s\S]*work_stop_logged/);
  }, 120_000);

  it('exports the schema of scenario files, the one its command line checks them against', async () => {
    const file = createRequire(join(projectDir, 'package.json')).resolve('@street-events/sandbox/scenario.schema.json');
    const { stdout } = await sh(
      join(projectDir, 'node_modules/.bin/street-events-sandbox'),
      ['scenario', 'schema'],
      projectDir,
    );
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(JSON.parse(stdout));
  }, 120_000);

  it('stops on Ctrl-C (SIGINT) with exit code 0', async () => {
    expect(await sandbox!.stop()).toMatchObject({ code: 0 });
  }, 60_000);

  it("runs the other commands of street-events on the sandbox's data", async () => {
    const { stdout } = await sh(
      join(projectDir, 'node_modules/.bin/street-events-sandbox'),
      ['org', 'list'],
      projectDir,
    );
    expect(stdout).toContain('Northern Water');
  }, 120_000);
});
