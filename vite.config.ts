import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

/**
 * The browser's chunks (docs/decisions/071-what-the-home-page-loads.md). Left to the bundler,
 * a page loaded about 40 files, most of them a few hundred bytes, each compressed on its own; two
 * groups cut that to a handful and every public page's JavaScript by about 6.5 KB gzipped:
 * - `framework`: React, React DOM and React Router, which every page runs, as one file;
 * - `shell`: the root and the public layout with what they import (header, footer, chat button,
 *   notices, the site's content), which every public page hydrates.
 * What a page opens later (the chat panel, the discovery popup, the builder, the editor) stays in
 * chunks of its own, fetched on first use.
 */
const CLIENT_CHUNKS = {
  groups: [
    { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 2 },
    { name: 'shell', test: /app[\\/](root\.tsx|routes[\\/]public[\\/]layout\.tsx)$/, priority: 1 },
  ],
}

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // Icons are not grouped into one chunk: a group holds every icon any page uses (about 90),
    // and every page then loads all of them. Left to the bundler, each page's chunks carry the
    // icons that page draws (the home page's scripts fell by about 2 KB gzipped, 2026-11-27).
    rolldownOptions: isSsrBuild ? { input: './server/entry.ts' } : { output: { codeSplitting: CLIENT_CHUNKS } },
  },
  resolve: { tsconfigPaths: true },
  // Bundled into the server build rather than loaded from node_modules: the package's entry holds
  // every icon (about 1,600, 650 KB of source kept in memory); bundled, the server keeps the ~90
  // it draws (docs/decisions/073).
  ssr: { noExternal: ['lucide'] },
  plugins: [tailwindcss(), reactRouter()],
}))
