/**
 * The README's listing of `src/` ("How the code is laid out") names every folder of `src/`, each
 * folder's subfolders and every module at its root, and nothing else: a folder added, moved or
 * removed shows here until the listing says so. (That each named path exists, wherever it is
 * named, is `npm test`'s path check, scripts/check-paths.mjs.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const src = fileURLToPath(new URL('../src/', import.meta.url));

/** The entries of the section's listing, each as a path below `src/` (`sandbox/clock/`, `app.ts`). */
function listed(): string[] {
  const [, after = ''] = readme.split('## How the code is laid out');
  const [section = ''] = after.split('\n## ');
  const listing = /\n```\n([\s\S]*?)\n```/.exec(section)?.[1] ?? '';
  const entries: string[] = [];
  let parent = '';
  for (const line of listing.split('\n')) {
    const [name = ''] = line.trim().split(/\s+/);
    if (line.startsWith(' ')) entries.push(parent + name);
    else {
      entries.push(name);
      parent = name.endsWith('/') ? name : '';
    }
  }
  return entries.sort();
}

/** What `src/` holds: its folders and root modules, and the subfolders of each folder. */
function present(): string[] {
  const entries: string[] = [];
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    if (!entry.isDirectory()) {
      entries.push(entry.name);
      continue;
    }
    entries.push(`${entry.name}/`);
    for (const inner of readdirSync(`${src}${entry.name}`, { withFileTypes: true })) {
      if (inner.isDirectory()) entries.push(`${entry.name}/${inner.name}/`);
    }
  }
  return entries.sort();
}

describe('the README lays out src/', () => {
  it('names every folder, subfolder and root module of src/, and nothing else', () => {
    expect(listed()).toEqual(present());
  });
});
