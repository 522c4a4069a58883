/**
 * The API reference at `/reference/`: the static site apps/docs builds (a page per version of the
 * interface, the login document's, what changed, sizing, the sandbox), served as its files are, from
 * where shared/service-files.ts finds it. A path names a file of the site, or a folder ending in `/`
 * for its index.html; anything else, and everything when the site is not built, is `404` in the
 * error body. Nothing outside the site's folder is served, however the path is written.
 *
 * The pages carry their scripts and styles inline (the site needs no network): each HTML answer's
 * `Content-Security-Policy` allows the scripts it holds by their SHA-256 alone, and nothing from
 * another host.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import type { FastifyPluginCallback } from 'fastify';
import { NotFoundError } from '../../shared/errors.js';
import { serviceFiles } from '../../shared/service-files.js';

/** Where the reference is served; its pages link each other relatively, so it ends in `/`. */
export const referencePath = '/reference/';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

const isFile = (path: string) =>
  stat(path).then(
    (found) => found.isFile(),
    () => false,
  );

/** Whether the site is built in `folder`: its index page is there. */
export const referenceBuilt = (folder = serviceFiles.reference): Promise<boolean> => isFile(join(folder, 'index.html'));

/**
 * The file of the site a request path below `/reference/` names, or undefined: each segment is
 * decoded and must be a plain name (no `.`, `..`, separator or NUL), and a path ending in `/` names
 * that folder's index.html.
 */
export function siteFile(folder: string, below: string): string | undefined {
  const segments = below.split('/');
  if (segments.at(-1) === '') segments[segments.length - 1] = 'index.html';
  const names: string[] = [];
  for (const segment of segments) {
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) return undefined;
    names.push(name);
  }
  const file = join(folder, ...names);
  return file.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`) ? file : undefined;
}

/** The policy of an HTML page of the site: its inline scripts by hash, inline styles, nothing from elsewhere. */
export function pagePolicy(html: string): string {
  const hashes = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi)]
    .map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`)
    .filter((hash, index, all) => all.indexOf(hash) === index);
  return [
    "default-src 'none'",
    `script-src ${hashes.length > 0 ? hashes.join(' ') : "'none'"}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    'worker-src blob:',
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const securityHeaders = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };

export const referenceRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get(`${referencePath}*`, async (request, reply) => {
    const folder = serviceFiles.reference;
    const below = request.url.split('?')[0]!.slice(referencePath.length);
    if (!(await referenceBuilt(folder))) {
      throw new NotFoundError(
        'The API reference is not built here: build it with `pnpm turbo run build --filter=@street-events/docs`.',
      );
    }
    const file = siteFile(folder, below);
    if (file === undefined || !(await isFile(file))) {
      throw new NotFoundError(`The API reference has no page ${referencePath}${below}.`);
    }
    const type = contentTypes[extname(file)] ?? 'application/octet-stream';
    const body = await readFile(file);
    reply.headers(securityHeaders).type(type);
    if (type.startsWith('text/html')) reply.header('content-security-policy', pagePolicy(body.toString('utf8')));
    return reply.send(body);
  });
  done();
};
