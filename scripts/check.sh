#!/bin/sh
# `pnpm run check`: every check runs even when an earlier one fails, then one closing line
# adds up the tests of every package. Exits non-zero if anything failed.
turbo run lint typecheck test --continue --output-logs=new-only --log-order=grouped
checks=$?
pnpm run check:generated
generated=$?
node scripts/validate-workflows.mjs
workflows=$?
# Each 7.x document against its last released state: a breaking change needs a major changeset.
pnpm --filter @street-events/openapi run check:breaking
breaking=$?
node scripts/test-summary.mjs
tests=$?
[ "$checks" -eq 0 ] && [ "$generated" -eq 0 ] && [ "$workflows" -eq 0 ] && [ "$breaking" -eq 0 ] && [ "$tests" -eq 0 ]
