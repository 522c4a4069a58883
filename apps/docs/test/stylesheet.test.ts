// The site's one stylesheet (styles/site.css): every built page carries it, and its palette is
// defined once, in its `:root` block, with no copy of a colour anywhere else.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANGES_PAGE, SANDBOX_PAGE, SIZING_PAGE, loadVersions, readStylesheet } from '../scripts/build.mjs';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(appDir, 'dist');

/** A colour written out: `#1d4ed8`, `#fff`, `rgb(…)`, `rgba(…)`. */
const COLOUR = /#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi;

/** The `:root` block of the stylesheet and the colours it defines. */
function palette(stylesheet: string): { block: string; colours: string[] } {
  const blocks = stylesheet.match(/:root\s*\{[^}]*\}/g) ?? [];
  expect(blocks, 'the :root blocks of the stylesheet').toHaveLength(1);
  const block = blocks[0]!;
  return { block, colours: (block.match(COLOUR) ?? []).map((colour) => colour.toLowerCase()) };
}

/** The files of `dir` whose name ends with `extension`, with their text. */
async function sources(dir: string, extension: string): Promise<[string, string][]> {
  const names = (await readdir(join(appDir, dir))).filter((name) => name.endsWith(extension));
  return Promise.all(names.map(async (name) => [`${dir}/${name}`, await readFile(join(appDir, dir, name), 'utf8')]));
}

const occurrences = (text: string, part: string): number => text.toLowerCase().split(part.toLowerCase()).length - 1;

let stylesheet: string;

beforeAll(async () => {
  stylesheet = await readStylesheet();
});

describe('the palette', () => {
  it('is defined once, in the :root block of the stylesheet, with a colour for each name', () => {
    const { block, colours } = palette(stylesheet);
    expect(colours.length).toBeGreaterThan(5);
    expect(new Set(colours).size, 'two names for one colour').toBe(colours.length);
    expect(stylesheet.replace(block, '').match(COLOUR), 'colours outside :root').toBeNull();
  });

  it('has no copy in the build script, the other scripts or the templates', async () => {
    const { colours } = palette(stylesheet);
    const files = [...(await sources('scripts', '.mjs')), ...(await sources('templates', '.hbs'))];
    expect(files.length).toBeGreaterThan(3);
    for (const [file, text] of files) {
      for (const colour of colours) expect(occurrences(text, colour), `${colour} in ${file}`).toBe(0);
    }
    for (const [file, text] of await sources('templates', '.hbs')) {
      expect(text.match(COLOUR), `colours in ${file}`).toBeNull();
    }
  });
});

describe('the built pages', () => {
  beforeAll(() => {
    if (!existsSync(join(distDir, 'index.html'))) {
      throw new Error(
        `No built documentation in ${distDir}. Build it first: pnpm turbo run build --filter=@street-events/docs`,
      );
    }
  });

  it('the index, the changes, the sizing and the sandbox pages carry the stylesheet, and only its palette', async () => {
    const { colours } = palette(stylesheet);
    for (const page of ['index.html', CHANGES_PAGE, SIZING_PAGE, SANDBOX_PAGE]) {
      const html = await readFile(join(distDir, page), 'utf8');
      expect(occurrences(html, stylesheet), `the stylesheet in ${page}`).toBe(1);
      expect(html.match(/<style>/g), `<style> in ${page}`).toHaveLength(1);
      for (const colour of colours) expect(occurrences(html, colour), `${colour} in ${page}`).toBe(1);
    }
  });

  it('every reference page carries the stylesheet', async () => {
    const pages = [...(await loadVersions()).map(({ version }) => version), 'login'];
    for (const page of pages) {
      const html = await readFile(join(distDir, page, 'index.html'), 'utf8');
      expect(occurrences(html, stylesheet), `the stylesheet in ${page}/index.html`).toBe(1);
      expect(html).toContain('class="se-versions"');
    }
  });
});
