// A minimal static file server for the built documentation (dist/).
// Used by `pnpm run serve` and by the browser test.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * @typedef {object} StaticServer
 * @property {string} origin  e.g. `http://127.0.0.1:40123`
 * @property {number} port
 * @property {string[]} requests  paths requested so far, in order
 * @property {() => Promise<void>} close
 */

/**
 * Serves `root` on `host`:`port` (port 0 picks a free port).
 * Directory requests get their `index.html`; `/7.7` redirects to `/7.7/`.
 *
 * @param {{ root: string, host?: string, port?: number }} options
 * @returns {Promise<StaticServer>}
 */
export async function startStaticServer({ root, host = '127.0.0.1', port = 0 }) {
  const base = resolve(root);
  /** @type {string[]} */
  const requests = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('Bad request');
      return;
    }
    let file = resolve(join(base, pathname));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end('Forbidden');
      return;
    }
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        if (!url.pathname.endsWith('/')) {
          res.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
          return;
        }
        file = join(file, 'index.html');
        info = await stat(file);
      }
      res.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-cache',
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    }
  });

  await new Promise((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, host, () => resolveListen(undefined));
  });
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('The static server has no TCP address');
  }
  return {
    origin: `http://${host}:${address.port}`,
    port: address.port,
    requests,
    close: () =>
      new Promise((resolveClose, rejectClose) => {
        server.closeAllConnections();
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
      }),
  };
}
