// Records every file module a process resolves, one URL a line, into LOADED_MODULES_FILE:
// `node --import ./test/support/loaded-modules.mjs …` (module customization hooks, Node 20.6+).
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.startsWith('file:')) appendFileSync(file, resolved.url + '\\n');
  return resolved;
}`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { file: process.env.LOADED_MODULES_FILE } });
