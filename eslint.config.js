import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importX from 'eslint-plugin-import-x'

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      '.build-*/',
      '.react-router/',
      'node_modules/',
      'test-results*/',
      'playwright-report/',
      'bench/.tmp/',
      'data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One configured zod (app/lib/zod.ts: no eval, which the CSP forbids).
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/lib/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import { z } from '~/lib/zod.ts'.", allowTypeImports: true }] },
      ],
    },
  },
  {
    // What production runs may import only `dependencies`: the image (Dockerfile) and any
    // `npm prune --omit=dev` install have no devDependencies (issue 33: fast-xml-parser stopped
    // the image from starting). Tests, benchmarks and build configuration may use them; so may
    // app/routes.ts, which only the build reads. tests/system/production-install.test.ts starts a
    // pruned copy to prove it.
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'scripts/**/*.js', 'server.js'],
    ignores: ['app/routes.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: false, optionalDependencies: false, peerDependencies: false, includeTypes: false },
      ],
    },
  },
  {
    // One clock (docs/decisions/070): a time zone is written out only in app/content/site.ts;
    // everything else is handed one (settings.timeZone, a person's own, an office's).
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['app/content/site.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^(America|Asia|Europe|Africa|Australia|Pacific)\\u002F/]',
          message:
            "A time zone is written only in app/content/site.ts: use its defaults, settings.timeZone or the reader's zone (readerZone).",
        },
        {
          selector: 'TemplateElement[value.raw=/^(America|Asia|Europe|Africa|Australia|Pacific)\\u002F/]',
          message:
            "A time zone is written only in app/content/site.ts: use its defaults, settings.timeZone or the reader's zone (readerZone).",
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
)
