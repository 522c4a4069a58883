// Adds up the vitest JSON reports of every workspace package and prints one closing line.
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
for (const group of ['packages', 'apps']) {
  for (const name of (await readdir(path.join(root, group))).sort()) {
    const file = path.join(root, group, name, 'artifacts', 'vitest-report.json');
    if (!existsSync(file)) continue;
    const report = JSON.parse(await readFile(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    lines.push(`  ${group}/${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  }
}
console.log(lines.join('\n'));
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
