// The static server of `pnpm run serve` and of the browser test: the content type of each kind of
// file the site has, 404 for what is not there, and nothing from outside the served folder.
import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../scripts/static-server.mjs';

interface Answer {
  status: number | undefined;
  type: string | undefined;
  body: string;
}

let server: StaticServer;
let workDir: string;

/** GETs `path` exactly as written: no client normalises away its `..` segments. */
function get(path: string): Promise<Answer> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolveGet, rejectGet) => {
    const req = request({ hostname, port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolveGet({
          status: res.statusCode,
          type: res.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', rejectGet);
    req.end();
  });
}

/** A site to serve (`site/`) and, beside it, files it must not give away. */
async function writeFixture(dir: string): Promise<string> {
  const site = join(dir, 'site');
  await mkdir(join(site, '7.7'), { recursive: true });
  await mkdir(join(dir, 'site-private'), { recursive: true });
  await writeFile(join(site, 'index.html'), '<!DOCTYPE html><title>index</title>');
  await writeFile(join(site, '7.7', 'index.html'), '<!DOCTYPE html><title>7.7</title>');
  await writeFile(join(site, '7.7', 'openapi.json'), '{"openapi":"3.1.0"}');
  await writeFile(join(site, 'site.css'), 'body { margin: 0; }');
  await writeFile(join(dir, 'secret.txt'), 'secret beside the site');
  await writeFile(join(dir, 'site-private', 'secret.txt'), 'secret in a folder named like the site');
  return site;
}

describe('static server', () => {
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'street-events-docs-server-'));
    server = await startStaticServer({ root: await writeFixture(workDir) });
  });

  afterAll(async () => {
    await server?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it.each([
    ['/', 'text/html', 'index'],
    ['/index.html', 'text/html', 'index'],
    ['/7.7/', 'text/html', '7.7'],
    ['/7.7/index.html', 'text/html', '7.7'],
    ['/7.7/openapi.json', 'application/json', '3.1.0'],
    ['/site.css', 'text/css', 'margin'],
  ])('serves %s as %s', async (path, type, text) => {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expect(answer.type?.split(';')[0]).toBe(type);
    expect(answer.body).toContain(text);
  });

  it('declares the pages UTF-8', async () => {
    expect((await get('/')).type?.toLowerCase().replaceAll(' ', '')).toBe('text/html;charset=utf-8');
  });

  it.each(['/missing.html', '/7.6/index.html', '/7.7/missing.json'])('answers 404 for %s', async (path) => {
    expect((await get(path)).status).toBe(404);
  });

  it.each([
    '/../secret.txt',
    '/7.7/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/../site-private/secret.txt',
    '/..%5csecret.txt',
  ])('gives nothing from outside the served folder for %s', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('secret');
  });
});
