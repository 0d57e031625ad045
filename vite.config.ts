import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // Icons are not grouped into one chunk: a group holds every icon any page uses (about 90),
    // and every page then loads all of them. Left to the bundler, each page's chunks carry the
    // icons that page draws (the home page's scripts fell by about 2 KB gzipped, 2026-11-27).
    rolldownOptions: isSsrBuild ? { input: './server/entry.ts' } : {},
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}))
