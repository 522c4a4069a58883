/**
 * The README's table of environment variables, rendered from the configuration's schema
 * (src/config.ts). `pnpm --filter @street-events/service docs:environment` writes it into the
 * root README between its `environment` markers; a test checks the README holds it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { acceptedValues, environmentSchema, type EnvironmentVariable, type VariableSchema } from '../src/config.js';

export const readmePath = fileURLToPath(new URL('../../../README.md', import.meta.url));
const start = '<!-- environment:start (rendered from apps/service/src/config.ts) -->';
const end = '<!-- environment:end -->';

const cell = (text: string) => text.replaceAll('|', '\\|');

function defaultOf(schema: VariableSchema): string {
  if (schema['x-default'] !== undefined) return schema['x-default'];
  return typeof schema.default === 'string' || typeof schema.default === 'number' ? `\`${schema.default}\`` : 'none';
}

/** One row a variable: name, default, accepted values, meaning. */
export function environmentRows(): string[][] {
  return Object.entries<VariableSchema>(environmentSchema.properties).map(([name, schema]) => [
    `\`${name}\``,
    defaultOf(schema),
    acceptedValues(name as EnvironmentVariable),
    schema.description,
  ]);
}

function table(): string {
  const lines = [['Variable', 'Default', 'Accepted', 'Meaning'], ['---', '---', '---', '---'], ...environmentRows()];
  return lines.map((cells) => `| ${cells.map(cell).join(' | ')} |`).join('\n');
}

/** The README with the table between its markers replaced by the rendered one. */
export async function withEnvironmentTable(readme: string): Promise<string> {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to < from) throw new Error(`README.md has no ${start} … ${end} markers`);
  const replaced = `${readme.slice(0, from + start.length)}\n\n${table()}\n\n${readme.slice(to)}`;
  const options = await prettier.resolveConfig(readmePath);
  return prettier.format(replaced, { ...options, parser: 'markdown' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(readmePath, await withEnvironmentTable(readFileSync(readmePath, 'utf8')));
}
