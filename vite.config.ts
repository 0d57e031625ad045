import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rolldownOptions: isSsrBuild
      ? { input: './server/entry.ts' }
      : // Every icon is a tiny module shared by many routes; one chunk beats a request per icon.
        { output: { codeSplitting: { groups: [{ name: 'icons', test: /node_modules[\\/]lucide[\\/]|components[\\/]ui[\\/]icon\.tsx/ }] } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}))
