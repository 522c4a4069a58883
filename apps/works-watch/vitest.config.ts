import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ['test/**/*.test.ts'],
      // The end-to-end and browser files start the service, the app and Chromium as
      // processes: one file at a time on two shared cores, with generous limits.
      pool: 'forks',
      maxWorkers: 1,
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  }),
);
