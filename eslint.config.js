// ESLint flat config: `npm run lint`, run by `npm test` as one check. typescript-eslint's recommended rules (not
// the type-checked set: the typecheck already runs on its own), React's hooks rules and jsx-a11y's recommended
// rules. A rule that is wrong for this codebase is turned off here, once, with the reason; an
// `eslint-disable` comment in code names its rule and says why beside it.
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      '.react-router/',
      'node_modules/',
      'data/',
      'test-results/',
      'playwright-report/',
      'tests/.tmp/',
      'public/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      // The same modules run in the browser and on Node (loaders, actions, shared schemas).
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    rules: {
      // A leading underscore marks a name that must exist but is not read: Express tells an error handler by its
      // four parameters, and `{ drop: _, ...rest }` removes a key.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // An empty catch is how this codebase writes a best-effort step (polling a server until it answers, an
      // optional JSON parse, storage the browser may block); the statement in the try says what is tried.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Control characters are matched on purpose: input hygiene at the edge, safe redirects, CSV guards, ANSI
      // colour codes in tool output. Here a control character in a pattern is the point, not a typo.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: {
      // Every screen renders its no-JS form on the server and in the first client render, then settles
      // client-only state in a mount effect (useHydrated, the theme switch, the testimonials loop, a countdown
      // restarted by a new code). That second render is the design, not a cascade.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['app/**/*.tsx'],
    rules: {
      // A scroll container with role="region" and a name must be focusable so keyboard users can scroll it
      // (axe's scrollable-region-focusable, which the browser tests run).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  {
    // Code that works on any schema (migrations, the database helpers, the copy tool) types its database as
    // Kysely<any>, Kysely's own idiom: a migration must not import the app's table types, which describe the
    // latest schema, not the one at that migration.
    files: ['migrations/**', 'db/**', 'scripts/db-*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['tests/**'],
    rules: {
      // Tests read JSON bodies of unknown shape and assert on them; the assertion is the type check.
      '@typescript-eslint/no-explicit-any': 'off',
      // Playwright fixtures must destructure their first parameter, `{}` when they use no other fixture.
      'no-empty-pattern': 'off',
    },
  },
)
