// Fails when a comment or a Markdown file names a file or folder that is not in the tree.
//
// Where it looks:
// - Comments (line, block and JSDoc) of .ts, .mts, .cts, .js, .mjs and .cjs files under apps/,
//   packages/ and scripts/; strings and code are not read. TypeScript's parser (already a
//   dependency of the repository) finds them, so a `//` in a string or a pattern is no comment.
// - Markdown files anywhere but in a hidden folder (.changeset/ is history, true when written),
//   and not CHANGELOG.md.
// - Never under node_modules/, dist/, artifacts/, coverage/, results/ (measured runs, kept as
//   written) or generated/.
//
// What counts as a reference (anything else is prose):
// - A word shaped like a relative path: segments of letters, digits and `._@+-` joined by `/`,
//   ending in a known extension (EXTENSIONS below) or, for a folder, in `/`. A `#anchor` or
//   `:line` at its end is dropped; so are brackets and punctuation around it.
// - Not a URL, not absolute (`/…`, `~/…`), not a package (`@scope/name/…`), not a glob or a
//   placeholder (`*`, `?`, `{`, `<`, `$`, `=` or a version such as `7.x` in it).
// - Not into what a build or a run writes (a segment dist, node_modules, artifacts, coverage,
//   .data or .street-events): it exists only after running something.
// - A bare name (no `/` inside, such as `app.ts` or `login/`) counts only in a code span or a
//   listing, and only for sources and documents (not .json, .yaml, .html, …, which as often name
//   a file a program writes); a bare folder only in a listing or as a table row's first cell.
//   Outside a listing, it may lie anywhere besides the places below: it is dead only when nothing
//   of that name is in the tree.
// - In Markdown, a fenced block with a language (```sh, ```ts, …) is not read: commands and their
//   arguments, or code of an imagined project. A fenced block with no language or `text` is a
//   listing and is read: an indented entry lies under the less indented folder entry above it,
//   names on an entry's line may lie under that entry, and nothing below a run's output (`dist/`)
//   is checked. In a table row whose first cell is a path in a code span, names may lie under it.
//
// Where a path may lie (the first that exists wins):
// - `./…` and `../…`: below the file's own folder only.
// - Anything else: below the file's folder, its package's root (the nearest package.json below
//   the repository root), that package's src/ or test/ (the test tree mirrors src/), or the
//   repository root; first under the listing's entries or the row's path, when there are some.
// - A .js, .mjs or .cjs name also matches its TypeScript source (.ts, .mts, .cts), as imports do.
//
// `node scripts/check-paths.mjs [root]` (the repository by default) prints each dead reference as
// `file:line: reference …` and exits 1 if there is any.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const SOURCES = ['ts', 'mts', 'cts', 'tsx', 'js', 'mjs', 'cjs', 'jsx'];
const DOCUMENTS = ['md', 'sql', 'sh', 'css', 'hbs'];
const DATA = ['json', 'yaml', 'yml', 'html', 'txt', 'toml'];
const EXTENSIONS = [...SOURCES, ...DOCUMENTS, ...DATA];
const READ_SOURCE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;
const SOURCE_ROOTS = ['apps', 'packages', 'scripts'];
const NOT_WALKED = new Set(['.git', 'node_modules', 'dist', 'artifacts', 'coverage', '.turbo', '.data']);
const NOT_READ = new Set([...NOT_WALKED, 'results', 'generated']);
const RUN_OUTPUTS = new Set(['dist', 'node_modules', 'artifacts', 'coverage', '.data', '.street-events']);
const PATH = new RegExp(`^(?:\\.\\.?/)*(?:[\\w@+.-]+/)*(?:[\\w@+.-]+\\.(?:${EXTENSIONS.join('|')})|[\\w@+.-]+/)$`);
const VERSION_PLACEHOLDER = /(?:^|[/.-])\d+\.x(?:$|[/.-])/;
const BARE_FILE = new RegExp(`^[\\w@+.-]+\\.(?:${[...SOURCES, ...DOCUMENTS].join('|')})$`);
const TYPESCRIPT_SOURCE = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'], '.jsx': ['.tsx'] };
const LISTING_LANGUAGES = new Set(['', 'text', 'txt', 'tree']);

/** Every dead reference under `root`, each `{ file, line, reference }` (file relative to root). */
export function deadReferences(root) {
  const tree = walk(root);
  const names = new Set(tree.map((entry) => path.posix.basename(entry) + (entry.endsWith('/') ? '/' : '')));
  const dead = [];
  for (const file of tree.filter(isRead)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const found = file.endsWith('.md') ? markdownReferences(text) : commentReferences(file, text);
    for (const { reference, line, under, listing = false } of found) {
      const anywhere = isBare(reference) && !listing && names.has(reference);
      const alive = anywhere || resolves(root, file, reference, under);
      if (!alive) dead.push({ file, line, reference });
    }
  }
  return dead;
}

/** Every file and folder (with a trailing `/`) below root, relative to it, sorted. */
function walk(root, relative = '') {
  const entries = [];
  for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
    const name = path.posix.join(relative, entry.name);
    if (!entry.isDirectory()) entries.push(name);
    else if (!NOT_WALKED.has(entry.name)) entries.push(`${name}/`, ...walk(root, name));
  }
  return entries.sort();
}

/** Whether the file's comments or Markdown are read (see the rules at the top). */
function isRead(file) {
  const folders = file.split('/').slice(0, -1);
  if (folders.some((folder) => folder.startsWith('.') || NOT_READ.has(folder))) return false;
  if (file.endsWith('.md')) return path.posix.basename(file) !== 'CHANGELOG.md';
  return READ_SOURCE.test(file) && SOURCE_ROOTS.includes(folders[0]);
}

/** The references in a source file's comments, each `{ reference, line }`. */
export function commentReferences(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKind(file));
  const comments = new Map();
  const collect = (pos, end) => comments.set(pos, end);
  const visit = (node) => {
    ts.forEachLeadingCommentRange(text, node.getFullStart(), collect);
    ts.forEachTrailingCommentRange(text, node.getEnd(), collect);
    for (const child of node.getChildren(source)) if (!ts.isJSDoc(child)) visit(child);
  };
  visit(source);
  const found = [];
  for (const [pos, end] of comments) {
    const firstLine = source.getLineAndCharacterOfPosition(pos).line + 1;
    text
      .slice(pos, end)
      .split('\n')
      .forEach((line, index) => {
        for (const reference of lineReferences(line)) found.push({ reference, line: firstLine + index });
      });
  }
  return found.sort((a, b) => a.line - b.line);
}

function scriptKind(file) {
  return /\.[mc]?ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
}

/**
 * The references of a Markdown file, each `{ reference, line, under?, listing? }`: `under` lists
 * the folders a listing's entry or a table row lies in, tried before the usual places; `listing`
 * says it is in a listing (where a bare name must lie at its place in the tree).
 */
export function markdownReferences(text) {
  const found = [];
  let fence = null;
  let tree = [];
  text.split('\n').forEach((line, index) => {
    const opening = /^\s*(`{3,}|~{3,})\s*([\w+-]*)/.exec(line);
    if (fence === null && opening) {
      fence = { marker: opening[1], listing: LISTING_LANGUAGES.has(opening[2].toLowerCase()) };
      tree = [];
    } else if (fence !== null && line.trim().startsWith(fence.marker)) {
      fence = null;
    } else if (fence === null) {
      found.push(...rowReferences(line, index + 1));
    } else if (fence.listing) {
      found.push(...listingReferences(line, index + 1, tree));
    }
  });
  return found;
}

/**
 * One line of a listing: bare names count anywhere on it. `tree` holds the folder entries above
 * (`{ indent, folder, skipped }`), kept up to date here; below a run's output nothing is checked.
 */
function listingReferences(line, lineNumber, tree) {
  const indent = line.length - line.trimStart().length;
  while (tree.length > 0 && tree.at(-1).indent >= indent) tree.pop();
  const [first = ''] = line.trim().split(/\s+/);
  const skipped = tree.some((entry) => entry.skipped) || isRunOutput(first);
  const parents = tree.map((entry) => entry.folder).join('');
  const entry = candidate(first);
  if (first.endsWith('/')) tree.push({ indent, folder: entry ?? '', skipped });
  if (skipped) return [];
  const under = [parents, entry?.endsWith('/') ? parents + entry : ''].filter((folder) => folder !== '');
  return lineReferences(line, { bare: true }).map((reference) => ({
    reference,
    line: lineNumber,
    under,
    listing: true,
  }));
}

/** A line of prose; when it is a table row whose first cell is a path, names in it may lie under that path. */
function rowReferences(line, lineNumber) {
  const [, cell = ''] = /^\|\s*`([^`]+)`\s*\|/.exec(line) ?? [];
  const folder = cell !== '' && !/\.\w+$/.test(cell) ? candidate(cell.replace(/\/?$/, '/')) : null;
  const subject = folder !== null && cell.endsWith('/') && isBare(folder) ? [folder] : [];
  return [...subject, ...lineReferences(line)].map((reference) => ({
    reference,
    line: lineNumber,
    under: folder === null || reference === folder ? [] : [folder],
  }));
}

/**
 * The path-like words of one line of prose. Bare names count only in a code span, or everywhere
 * when `bare` is set (a listing).
 */
export function lineReferences(line, { bare = false } = {}) {
  const withoutUrls = line.replace(/[a-z][a-z\d+.-]*:\/\/\S*/gi, ' ');
  const references = [];
  withoutUrls.split('`').forEach((part, index) => {
    const inCode = index % 2 === 1;
    for (const word of part.split(/[\s()"',;|]+/)) {
      const reference = candidate(word);
      if (reference === null) continue;
      if (!isBare(reference) || (bare && reference.endsWith('/')) || ((inCode || bare) && BARE_FILE.test(reference))) {
        references.push(reference);
      }
    }
  });
  return references;
}

/** The word as a reference, or null when it is not one (see the rules at the top). */
function candidate(word) {
  const trimmed = word
    .replace(/^[[(]+/, '')
    .replace(/[\]).,:;!?]+$/, '')
    .replace(/#.*$/, '')
    .replace(/:\d+(?::\d+)?$/, '');
  if (!PATH.test(trimmed) || /^[@~/-]/.test(trimmed) || VERSION_PLACEHOLDER.test(trimmed)) return null;
  if (isRunOutput(trimmed)) return null;
  const inner = trimmed.replace(/^(?:\.\.?\/)+/, '').split('/');
  return inner.some((segment) => segment === '.' || segment === '..') ? null : trimmed;
}

function isRunOutput(word) {
  return word.split('/').some((segment) => RUN_OUTPUTS.has(segment));
}

/** A single name, of a file (`app.ts`) or a folder (`login/`). */
function isBare(reference) {
  return !reference.replace(/\/$/, '').includes('/');
}

/** Whether the path names something that exists, below any of the places it may lie. */
function resolves(root, file, reference, under = []) {
  const directory = path.posix.dirname(file);
  const bases = /^\.\.?\//.test(reference) ? [directory] : [directory, ...packageBases(root, file), '.'];
  return bases
    .flatMap((base) => [...under.map((folder) => path.posix.join(base, folder)), base])
    .some((base) => exists(root, path.posix.join(base, reference), reference.endsWith('/')));
}

/** The package's root, its src/ and test/, when the file lies in a package below the repository root. */
function packageBases(root, file) {
  for (let directory = path.posix.dirname(file); directory !== '.'; directory = path.posix.dirname(directory)) {
    if (existsSync(path.join(root, directory, 'package.json'))) {
      return [directory, path.posix.join(directory, 'src'), path.posix.join(directory, 'test')];
    }
  }
  return [];
}

function exists(root, relative, folder) {
  const full = path.join(root, relative);
  if (existsSync(full)) return !folder || statSync(full).isDirectory();
  const extension = path.extname(relative);
  return (TYPESCRIPT_SOURCE[extension] ?? []).some((source) =>
    existsSync(path.join(root, relative.slice(0, -extension.length) + source)),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dead = deadReferences(path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..')));
  for (const { file, line, reference } of dead) console.error(`${file}:${line}: ${reference} is not in the tree`);
  console.log(
    dead.length === 0
      ? 'Paths named in comments and Markdown: every one exists'
      : `Paths named in comments and Markdown: ${dead.length} not in the tree`,
  );
  process.exit(dead.length === 0 ? 0 : 1);
}
