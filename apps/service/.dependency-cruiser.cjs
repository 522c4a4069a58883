/**
 * The service's folders stand on eight floors, and depend one way: each floor imports only from
 * the floors under it, and the parts of one floor never import each other (README: "How the code
 * is laid out"). `pnpm --filter @street-events/service lint:layers` checks it, and that no module
 * imports itself round a cycle.
 */
const floors = [
  [['cli', '^src/cli/']],
  [
    // The sandbox sits on top of the service: it plugs into the seams the app exposes (AppLayer), and
    // nothing of the service imports it, so a production process loads none of it.
    ['sandbox', '^src/sandbox/'],
    ['server', '^src/(server|shutdown)\\.ts$'],
  ],
  [
    ['app', '^src/app\\.ts$'],
    ['config', '^src/config\\.ts$'],
  ],
  [['features', '^src/features/']],
  [
    ['http', '^src/http/'],
    ['events', '^src/events/'],
  ],
  [
    ['deliveries', '^src/deliveries/'],
    ['directory', '^src/directory/'],
    ['domain', '^src/domain/'],
  ],
  [['db', '^src/db/']],
  [['shared', '^src/shared/']],
];

const pathOf = (parts) => parts.map(([, path]) => `(${path})`).join('|');

/** Floor `index` imports nothing above it. */
const belowOnly = (parts, index) => ({
  name: `${parts.map(([name]) => name).join('-')}-imports-only-below`,
  severity: 'error',
  comment: `${parts.map(([name]) => name).join(' and ')} may not import from the floors above (${floors
    .slice(0, index)
    .flat()
    .map(([name]) => name)
    .join(', ')}).`,
  from: { path: pathOf(parts) },
  to: { path: pathOf(floors.slice(0, index).flat()) },
});

/** The parts of one floor stand side by side. */
const sideBySide = ([name, path], parts) => ({
  name: `${name}-beside-its-floor`,
  severity: 'error',
  comment: `${name} may not import the parts of its own floor (${parts
    .filter(([other]) => other !== name)
    .map(([other]) => other)
    .join(', ')}): what both need moves down a floor.`,
  from: { path },
  to: { path: pathOf(parts.filter(([other]) => other !== name)) },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle makes two modules one; break it by moving what both need below them.',
      from: {},
      to: { circular: true },
    },
    ...floors.slice(1).map((parts, index) => belowOnly(parts, index + 1)),
    ...floors.flatMap((parts) => (parts.length > 1 ? parts.map((part) => sideBySide(part, parts)) : [])),
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment: 'Two folders that import each other are one; move what both need into one of them, or below.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
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
      comment: 'A new folder or root module takes its place on one of the floors above.',
      from: { path: '^src/', pathNot: pathOf(floors.flat()) },
      to: {},
    },
  ],
  options: {
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
