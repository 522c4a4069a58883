#!/usr/bin/env node
// Serves the built documentation (dist/) on loopback: `pnpm run serve [-- --port 8081]`.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startStaticServer } from './static-server.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', short: 'p', default: process.env.PORT ?? '8081' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
if (!existsSync(join(root, 'index.html'))) {
  console.error('No built documentation in dist/. Build it first: pnpm turbo run build --filter=@street-events/docs');
  process.exit(1);
}
const server = await startStaticServer({ root, host: values.host, port: Number(values.port) });
console.log(`Serving ${root} at ${server.origin}/ (Ctrl+C to stop)`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
