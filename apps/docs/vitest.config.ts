import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ['test/**/*.test.ts'],
      // Loads of a 2.6 MB reference page on a shared two-core runner, beside the service's tests.
      testTimeout: 240_000,
      hookTimeout: 120_000,
    },
  }),
);
