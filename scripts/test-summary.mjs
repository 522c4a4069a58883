// Adds up the vitest JSON reports of every workspace package and prints one closing line,
// after the ten slowest test files and the failed tests (if any), each with the start of its
// failure: the end of a long run's output is often all a reader has.
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
const failures = [];
const durations = [];
for (const group of ['packages', 'apps']) {
  for (const name of (await readdir(path.join(root, group))).sort()) {
    const file = path.join(root, group, name, 'artifacts', 'vitest-report.json');
    if (!existsSync(file)) continue;
    const report = JSON.parse(await readFile(file, 'utf8'));
    passed += report.numPassedTests;
    const { tests, files } = failuresOf(report);
    const failedHere = tests.length + files.length;
    failed += failedHere;
    skipped += report.numPendingTests + report.numTodoTests;
    lines.push(`  ${group}/${name}: ${report.numPassedTests} passed, ${failedHere} failed`);
    failures.push(...tests, ...files);
    durations.push(...durationsOf(report));
  }
}
const slowest = durations.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
console.log(
  `Slowest test files:\n${slowest.map(({ where, seconds }) => `  ${seconds.toFixed(1).padStart(6)} s  ${where}`).join('\n')}`,
);
if (failures.length > 0) console.log(`Failed:\n${failures.join('\n')}`);
console.log(lines.join('\n'));
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);

/**
 * The failed tests (each its file and name, then the start of its failure), and the files that
 * failed without a failed test: a file that did not load, or whose hook failed (the report
 * keeps no message for a hook; the run's output has it).
 */
function failuresOf(report) {
  const tests = [];
  const files = [];
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      tests.push(entry(`${where} › ${test.fullName}`, (test.failureMessages ?? []).join('\n')));
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      files.push(entry(where, file.message || 'a hook failed (see the output above)'));
    }
  }
  return { tests, files };
}

/** How long each test file of a report took, from its start to its end. */
function durationsOf(report) {
  return report.testResults.map((file) => ({
    where: path.relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
  }));
}

/** The title, then the failure's message lines up to its first stack frame. */
function entry(title, message) {
  const lines = stripVTControlCharacters(message).split('\n');
  const firstFrame = lines.findIndex((line) => line.trim().startsWith('at '));
  const shown = lines
    .slice(0, firstFrame === -1 ? 4 : Math.min(firstFrame + 1, 4))
    .filter((line) => line.trim() !== '')
    .map((line) => `      ${line.trim().slice(0, 300)}`);
  return [`  ✗ ${title}`, ...shown].join('\n');
}
