#!/usr/bin/env node
// The service's `street-events` command line; with no arguments, `serve --sandbox`.
if (process.argv.length <= 2) process.argv.push('serve', '--sandbox');
await import('../dist/street-events.js');
