/* global module */
// The layers of the code (DESIGN.md, README "Where things are"), checked by `npm run lint`:
// a new import against them fails the run. Type-only imports count for cycles: a loop of types
// ties its files together as much as one of values.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'No import cycle, type imports included.', from: {}, to: { circular: true } },
    {
      name: 'routes-not-to-storage',
      severity: 'error',
      comment: 'Pages and the API go through services; only services and models reach the database.',
      from: { path: '^app/(routes|api|components|http)/' },
      to: {
        path: '^app/(models|db)/',
        pathNot: '^app/db/schema\\.ts$|^app/db/database-unavailable\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'services-not-to-pages',
      severity: 'error',
      comment: 'Services know nothing of HTTP, pages, components or the browser.',
      from: { path: '^app/(services|infra|models|db)/' },
      to: { path: '^app/(routes|api|components|http|browser)/|^server/' },
    },
    {
      name: 'lib-not-to-react',
      severity: 'error',
      comment: 'app/lib holds plain logic shared by server and browser: no React.',
      from: { path: '^app/lib/' },
      to: { path: '^node_modules/(react|react-dom|react-router)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'lib-not-to-content-values',
      severity: 'error',
      comment: 'app/lib takes content as arguments (or types only); the words and prices live in app/content.',
      from: { path: '^app/lib/' },
      to: { path: '^app/content/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'lower-layers-not-up',
      severity: 'error',
      comment: 'content and lib are the bottom: they import nothing from services, models, routes or components.',
      from: { path: '^app/(content|lib)/' },
      to: { path: '^app/(services|infra|models|db|routes|api|components|http|browser)/' },
    },
    {
      name: 'infra-not-to-domain',
      severity: 'error',
      comment:
        'app/infra/ (mail, secrets, passwords, rate limits, errors, content version...) serves the domain services and knows none of them.',
      from: { path: '^app/infra/' },
      to: { path: '^app/services/' },
    },
    {
      name: 'browser-not-to-server',
      severity: 'error',
      comment:
        'app/browser runs only in the browser: it imports no server code (nothing *.server.*, no services, models, database or HTTP).',
      from: { path: '^app/browser/' },
      to: { path: '\\.server\\.tsx?$|^app/(services|infra|models|db|http|api)/|^server/' },
    },
    {
      name: 'no-dev-dependencies-at-run-time',
      severity: 'error',
      comment:
        'What runs in production imports only dependencies (npm install --omit=dev); Vite only in development (a dynamic import), the route list only at build time.',
      from: { path: '^(app|server|scripts)/|^server\\.js$', pathNot: '^app/routes\\.ts$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only', 'dynamic-import'] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(build|\\.react-router)/' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
}
