/** The server bundle's entry (vite SSR input): the app factory plus the React Router build. */
export { createApplication } from './boot.ts'
export { loadConfig, ConfigError } from '~/config.server.ts'
export { isDatabaseUnavailable } from '~/db/db.server.ts'
export { startingListener } from './starting.ts'
export const getBuild = () => import('virtual:react-router/server-build')

// What the npm commands run (db:migrate, admin:reset, admin:create, import, export): server/commands.ts.
export * from './commands.ts'
