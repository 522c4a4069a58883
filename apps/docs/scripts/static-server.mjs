// Serves the built documentation (dist/) on loopback with sirv: used by `pnpm run serve` and by
// the browser test.
import { once } from 'node:events';
import { createServer } from 'node:http';
import sirv from 'sirv';

/**
 * @typedef {object} StaticServer
 * @property {string} origin  e.g. `http://127.0.0.1:40123`
 * @property {() => Promise<void>} close
 */

/**
 * Serves `root` on `host`:`port` (port 0 picks a free port). A directory serves its `index.html`;
 * what is not a file under `root` is a 404. Each request reads the file afresh (sirv's `dev` mode),
 * so a rebuild shows without a restart.
 *
 * @param {{ root: string, host?: string, port?: number }} options
 * @returns {Promise<StaticServer>}
 */
export async function startStaticServer({ root, host = '127.0.0.1', port = 0 }) {
  const server = createServer(sirv(root, { dev: true, etag: true }));
  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') {
    throw new Error('The static server has no TCP address');
  }
  return {
    origin: `http://${host}:${address.port}`,
    close: () =>
      new Promise((resolveClose, rejectClose) => {
        server.closeAllConnections();
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
      }),
  };
}
