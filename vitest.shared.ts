import { defineConfig } from 'vitest/config';

/**
 * Settings every package's tests share: the console report, plus a JSON report in
 * `artifacts/` that `scripts/test-summary.mjs` adds up across the workspace.
 */
export default defineConfig({
  test: {
    // Tests here use real sockets, processes and databases; a loaded machine is slow, not wrong.
    testTimeout: 20_000,
    reporters: ['default', ['json', { outputFile: 'artifacts/vitest-report.json' }]],
  },
});
