// The architecture's rules (docs/architecture.md, layers), checked by `npm run check:architecture`.
// Tests may reach past them (a test reads the store's rows directly); the service's code may not.
const code = '^src/(?!.*\\.test\\.ts$)';
const outsideStore = '^src/(?!store/)(?!.*\\.test\\.ts$)';

/** Folders that may not import the named ones: each line is one direction of the layering. */
const layers = [
  // The store is below every verb: it knows the register formats' types and nothing above them.
  [
    'store',
    [
      'accounts',
      'cli',
      'dashboard',
      'entities',
      'http',
      'ingest',
      'mcp',
      'refresh',
      'resolve',
      'screen',
      'sync',
      'watch',
    ],
  ],
  [
    'registers',
    [
      'accounts',
      'cli',
      'entities',
      'events',
      'http',
      'ingest',
      'mcp',
      'refresh',
      'resolve',
      'screen',
      'store',
      'sync',
      'watch',
    ],
  ],
  [
    'events',
    [
      'accounts',
      'cli',
      'dashboard',
      'entities',
      'http',
      'ingest',
      'mcp',
      'refresh',
      'resolve',
      'screen',
      'sync',
      'watch',
    ],
  ],
  [
    'entities',
    [
      'accounts',
      'cli',
      'dashboard',
      'http',
      'ingest',
      'mcp',
      'refresh',
      'resolve',
      'screen',
      'sync',
      'watch',
    ],
  ],
  ['screen', ['cli', 'dashboard', 'http', 'mcp', 'resolve', 'sync', 'watch']],
  ['resolve', ['cli', 'dashboard', 'http', 'mcp', 'sync', 'watch']],
  ['watch', ['cli', 'dashboard', 'http', 'mcp', 'resolve', 'screen', 'sync']],
  ['ingest', ['cli', 'dashboard', 'http', 'mcp', 'refresh', 'resolve', 'screen', 'sync', 'watch']],
  // Sync finds and downloads a register's files, then ingests them as `aevs ingest` does.
  ['sync', ['cli', 'dashboard', 'http', 'mcp', 'refresh', 'resolve', 'screen', 'watch']],
  ['mcp', ['cli', 'dashboard', 'http']],
  ['accounts', ['cli', 'dashboard', 'http', 'mcp']],
  [
    'names',
    [
      'accounts',
      'dashboard',
      'entities',
      'events',
      'http',
      'ingest',
      'mcp',
      'refresh',
      'registers',
      'resolve',
      'screen',
      'store',
      'sync',
      'watch',
    ],
  ],
  [
    'identifiers',
    [
      'accounts',
      'dashboard',
      'entities',
      'events',
      'http',
      'ingest',
      'mcp',
      'refresh',
      'registers',
      'resolve',
      'screen',
      'store',
      'sync',
      'watch',
    ],
  ],
];

module.exports = {
  forbidden: [
    {
      name: 'no-engine-outside-store',
      comment:
        'Only src/store holds SQL and talks to an engine: the connection, its engines and migrations stay inside it.',
      severity: 'error',
      from: { path: outsideStore },
      to: {
        path: '^src/store/(db|sqlite|postgres|migrations|bulk-load)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'store-through-its-boundary',
      comment:
        'Outside src/store, the store is used through ctx.store (store.ts) and opened by open-store.ts; other store modules are imported for their row types only.',
      severity: 'error',
      from: { path: outsideStore },
      to: { path: '^src/store/(?!store\\.ts$|open-store\\.ts$)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-db-type-outside-store',
      comment: 'The raw query runner (Db) is the store’s own: verbs take a Store.',
      severity: 'error',
      from: { path: outsideStore },
      to: { path: '^src/store/db\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'No module reaches itself through its imports.',
      severity: 'error',
      from: { path: code },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'domain-not-http',
      comment: 'Only the HTTP layer (and what starts it: app.ts, server.ts, the CLI) imports src/http.',
      severity: 'error',
      from: { path: code, pathNot: '^src/(http/|app\\.ts$|server\\.ts$|main\\.ts$|cli/)' },
      to: { path: '^src/http/' },
    },
    ...layers.map(([from, above]) => ({
      name: `layer-${from}`,
      comment: `src/${from} sits below ${above.join(', ')}: it may not import them.`,
      severity: 'error',
      from: { path: `^src/${from}/(?!.*\\.test\\.ts$)` },
      // Event types are a leaf every register's diff speaks in.
      to: { path: `^src/(${above.join('|')})/`, pathNot: '^src/events/types\\.ts$' },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|test|bench|scripts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
