// Lint set-up: see docs/decisions/003-lint.md.
import js from '@eslint/js'
import boundaries from 'eslint-plugin-boundaries'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Import direction in the web apps (DESIGN §1): app → features → components/lib, and no feature imports another
 * feature. eslint-plugin-boundaries classifies each file by its folder (ADR 027); imports are resolved on the file
 * system, so aliases cannot sneak around it.
 */
const webAppBoundaries = {
  files: ['apps/player/src/**', 'apps/backoffice/src/**'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    'boundaries/elements': [
      { type: 'app', pattern: 'apps/*/src/app', capture: ['webapp'] },
      { type: 'feature', pattern: 'apps/*/src/features/*', capture: ['webapp', 'feature'] },
      { type: 'shared', pattern: 'apps/*/src/components', capture: ['webapp'] },
      { type: 'shared', pattern: 'apps/*/src/lib', capture: ['webapp'] },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          // A feature uses its own files, components and lib; never the app shell or another feature.
          { from: { element: { type: 'feature' } }, disallow: { to: { element: { type: 'app' } } } },
          {
            from: { element: { type: 'feature' } },
            disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } } },
          },
          // Components and lib are the bottom layer: they import only each other.
          { from: { element: { type: 'shared' } }, disallow: { to: { element: { types: { anyOf: ['app', 'feature'] } } } } },
        ],
      },
    ],
  },
}

/**
 * The API's layers (ADR 066): infrastructure (`plugins/`, `lib/`, `db/`) sits below the modules and imports none of them,
 * type imports included; what a plugin needs of a module it is handed by app.ts as a port type defined below. The
 * cycles between modules are found by apps/api/src/layer-rules.test.ts (scripts/module-graph.ts), which eslint cannot.
 */
const apiBoundaries = {
  files: ['apps/api/src/**'],
  // A test may set a scene through a module (db/planner-statistics.test.ts seeds through one).
  ignores: ['**/*.test.ts'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    'boundaries/elements': [
      { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'] },
      { type: 'api-infrastructure', pattern: 'apps/api/src/(plugins|lib|db)' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      { default: 'allow', policies: [{ from: { element: { type: 'api-infrastructure' } }, disallow: { to: { element: { type: 'api-module' } } } }] },
    ],
  },
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['info', 'warn', 'error'] }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Promise misuse is how money code double-spends or swallows errors: checked with type information.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['apps/player/src/**', 'apps/backoffice/src/**', 'apps/demo-provider/src/browser/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  webAppBoundaries,
  apiBoundaries,
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // A vendor's wallet protocol is an adapter onto the one seamless service (ADR 082): no second money path. It reads
    // and writes nothing itself; the ledger, the database and the seamless module's insides are out of its reach.
    files: ['apps/api/src/modules/protocols/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/ledger/**', '**/ledger/*', '**/db/**', 'drizzle-orm', 'drizzle-orm/**', 'pg', '@electric-sql/*'],
              message: 'A protocol adapter moves money only through the seamless service (ADR 082): no ledger, no database.',
            },
            {
              group: [
                '**/seamless/seamless.repository*',
                '**/seamless/seamless-callbacks*',
                '**/seamless/seamless-group-commit*',
                '**/seamless/seamless-decisions*',
              ],
              message: 'A protocol adapter calls the seamless service, not its insides (ADR 082).',
            },
          ],
        },
      ],
    },
  },
  {
    // The demo provider is a provider like any other (ADR 034): it calls the public seamless API and shares only the
    // contract with the wallet, never the API's source.
    files: ['apps/demo-provider/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/api/**', '@sanam/api', '@sanam/api/**'],
              message: 'The demo provider imports nothing of the wallet: use @sanam/contract (ADR 034).',
            },
          ],
        },
      ],
    },
  },
  {
    // The API loads the demo provider's bundle in demo mode only, by a dynamic import (src/demo-provider.ts): a static
    // import would put its code into the real-money bundle. Its types may be imported.
    files: ['apps/api/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@sanam/demo-provider', allowTypeImports: true, message: 'Load the demo provider with loadDemoProvider() (ADR 034).' }],
          patterns: [{ group: ['**/apps/demo-provider/**', '@sanam/demo-provider/**'], message: 'Load the demo provider with loadDemoProvider() (ADR 034).' }],
        },
      ],
    },
  },
  {
    // End-to-end tests and benchmarks drive the built server from outside, as a client would (ADR 023): what they
    // share with the server (signing rule, demo secrets, schemas) comes from the contract, never from server source.
    files: ['e2e/**', 'bench/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/*/src', '**/apps/*/src/**'], message: "e2e and bench import nothing from the apps' source: use @sanam/contract (ADR 023)." },
          ],
        },
      ],
    },
  },
)
