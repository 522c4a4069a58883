// One lint configuration for every package and app: typescript-eslint's type-aware
// recommended rules on TypeScript, ESLint's recommended rules on the plain scripts.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/artifacts/**',
      '**/coverage/**',
      'packages/types/src/generated/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.shared.ts', 'scripts/*.d.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // A function does one thing: at most 60 lines in every package and app (declarative tables
    // excepted, by a comment saying so). Tests are exempt: a `describe` block is a list of tests.
    files: ['**/*.ts', '**/*.mts', '**/*.js', '**/*.mjs'],
    ignores: ['**/test/**', '**/*.test.ts', '**/*.test-d.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: globals.node },
  },
);
