/**
 * The service's folders depend one way: each layer below imports only from the layers under
 * it (README: "How the code is laid out"). `pnpm --filter @street-events/service lint:layers`
 * checks it, and that no module imports itself round a cycle.
 */
const layers = [
  ['cli', '^src/cli/'],
  // The sandbox sits on top of the service: it plugs into the seams the app exposes (AppLayer), and
  // nothing of the service imports it, so a production process loads none of it.
  ['sandbox', '^src/sandbox/'],
  ['entry', '^src/(app|server|shutdown)\\.ts$'],
  ['config', '^src/config\\.ts$'],
  ['features', '^src/features/'],
  ['http', '^src/http/'],
  ['core', '^src/(admin|subscriptions|events|deliveries)/'],
  ['directory', '^src/(auth|directory)/'],
  ['domain', '^src/(domain|db)/'],
  ['shared', '^src/shared/'],
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one; break it by moving what both need below them.',
      from: {},
      to: { circular: true },
    },
    ...layers.slice(1).map(([name, path], index) => ({
      name: `${name}-imports-only-below`,
      severity: 'error',
      comment: `${name} may not import from the layers above it (${layers
        .slice(0, index + 1)
        .map(([above]) => above)
        .join(', ')}).`,
      from: { path },
      to: {
        path: layers
          .slice(0, index + 1)
          .map(([, above]) => `(${above})`)
          .join('|'),
      },
    })),
    {
      name: 'features-side-by-side',
      severity: 'error',
      comment: 'A feature never imports another: what two features share moves down a layer.',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'every-module-in-a-layer',
      severity: 'error',
      comment: 'A new folder or root module takes its place in the list of layers above.',
      from: { path: '^src/', pathNot: layers.map(([, path]) => `(${path})`).join('|') },
      to: {},
    },
  ],
  options: {
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
