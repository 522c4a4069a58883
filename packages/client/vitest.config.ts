import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({
    // The examples import the package by its name, as an integrator's code does; the tests run
    // them against the source.
    resolve: {
      alias: { '@street-events/client': fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
    },
    test: {
      include: ['test/**/*.test.ts'],
      // Type-level tests: `*.test-d.ts` files are checked by tsc, not run.
      typecheck: {
        enabled: true,
        include: ['test/**/*.test-d.ts'],
        tsconfig: './tsconfig.json',
      },
    },
  }),
);
