/**
 * The service's folders depend one way: each layer below imports only from the layers under
 * it (README: "How the code is laid out"). `pnpm --filter @street-events/service lint:layers`
 * checks it, and that no module imports itself round a cycle.
 */
const layers = [
  ['entry', '^src/(cli|server|shutdown|cli-errors)\\.ts$|^src/cli/'],
  ['config', '^src/config\\.ts$'],
  ['http', '^src/http/'],
  ['seed', '^src/seed/'],
  ['trigger', '^src/trigger/'],
  ['simulation', '^src/simulation/'],
  ['admin', '^src/admin/'],
  ['notifications', '^src/notifications/'],
  ['queries', '^src/queries/'],
  ['events', '^src/events/'],
  ['deliveries', '^src/(deliveries|delivery)/'],
  ['auth', '^src/auth/'],
  ['directory', '^src/directory/'],
  ['domain', '^src/domain/'],
  ['db', '^src/db/'],
  ['shared', '^src/(errors|clock|enums|backoff|openapi-document|event-stream)\\.ts$|^src/tls/'],
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
