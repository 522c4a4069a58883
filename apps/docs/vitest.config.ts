import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ['test/**/*.test.ts'],
      // Page loads of a 2.6 MB reference page on a slow runner.
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  }),
);
