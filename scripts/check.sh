#!/bin/sh
# `pnpm run check`: every check runs even when an earlier one fails, then one closing line
# adds up the tests of every package. Exits non-zero if anything failed.
turbo run lint typecheck test --continue --output-logs=new-only --log-order=grouped
checks=$?
pnpm run check:generated
generated=$?
# Lint (type-aware, so after the packages are built) and format, over every package and app.
pnpm run lint:code
lint=$?
pnpm run format:check
format=$?
# The service's folders depend one way (apps/service/.dependency-cruiser.cjs).
pnpm --filter @street-events/service run lint:layers
layers=$?
node scripts/validate-workflows.mjs
workflows=$?
# Every file or folder a comment or a Markdown file names is in the tree (rules: the script's header).
node scripts/check-paths.mjs
paths=$?
# Each 7.x document against its last released state: a breaking change needs a major changeset.
pnpm --filter @street-events/openapi run check:breaking
breaking=$?
node scripts/test-summary.mjs
tests=$?
[ "$checks" -eq 0 ] && [ "$generated" -eq 0 ] && [ "$lint" -eq 0 ] && [ "$format" -eq 0 ] && [ "$layers" -eq 0 ] && [ "$workflows" -eq 0 ] && [ "$paths" -eq 0 ] && [ "$breaking" -eq 0 ] && [ "$tests" -eq 0 ]
