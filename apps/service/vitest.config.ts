import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ['test/**/*.test.ts'],
      // Two cores: two test files at a time, each with its own databases.
      pool: 'forks',
      maxWorkers: 2,
      testTimeout: 20_000,
      hookTimeout: 60_000,
      // One migrated database of each backend, which the test files' databases copy.
      globalSetup: ['test/support/global-setup.ts'],
    },
  }),
);
