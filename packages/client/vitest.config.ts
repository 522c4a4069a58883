import { defineConfig, mergeConfig } from "vitest/config";
import shared from "../../vitest.shared.js";

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      include: ["test/**/*.test.ts"],
      // Type-level tests: `*.test-d.ts` files are checked by tsc, not run.
      typecheck: {
        enabled: true,
        include: ["test/**/*.test-d.ts"],
        tsconfig: "./tsconfig.json",
      },
    },
  }),
);
