// Lint set-up: see docs/decisions/003-lint.md.
import path from 'node:path'
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Import direction in the web apps (DESIGN §1): app → features → components/lib, and no feature
 * imports another feature. Resolved on the file system path, so aliases cannot sneak around it.
 */
const layers = {
  rules: {
    'import-direction': {
      meta: { type: 'problem', schema: [], messages: { cross: '{{from}} may not import {{to}} (DESIGN §1: app → features → components/lib; features never import each other).' } },
      create(context) {
        const file = context.filename
        const match = /apps\/(player|backoffice)\/src\/(app|features\/([^/]+)|components|lib)\//.exec(file)
        if (!match) return {}
        const [, appName, layer, feature] = match
        const where = (target) => {
          const m = new RegExp(`apps/${appName}/src/(app|features/([^/]+)|components|lib)/`).exec(target)
          return m ? { layer: m[1].startsWith('features') ? 'features' : m[1], feature: m[2] } : null
        }
        const from = { layer: layer.startsWith('features') ? 'features' : layer, feature }
        return {
          ImportDeclaration(node) {
            const source = node.source.value
            if (typeof source !== 'string' || !source.startsWith('.')) return
            const to = where(path.resolve(path.dirname(file), source) + '/')
            if (!to) return
            const allowed =
              from.layer === 'app' ||
              (from.layer === 'features' && (to.layer === 'components' || to.layer === 'lib' || to.feature === from.feature)) ||
              ((from.layer === 'components' || from.layer === 'lib') && (to.layer === 'components' || to.layer === 'lib'))
            if (!allowed) context.report({ node, messageId: 'cross', data: { from: from.feature ? `features/${from.feature}` : from.layer, to: to.feature ? `features/${to.feature}` : to.layer } })
          },
        }
      },
    },
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
    files: ['apps/player/src/**', 'apps/backoffice/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { layers },
    rules: { 'layers/import-direction': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // End-to-end tests and benchmarks drive the built server from outside, as a client would (ADR 023): what they
    // share with the server (signing rule, demo secrets, schemas) comes from the contract, never from server source.
    files: ['e2e/**', 'bench/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/*/src', '**/apps/*/src/**'], message: 'e2e and bench import nothing from the apps\' source: use @sanam/contract (ADR 023).' }] }],
    },
  },
)
