// Validates every GitHub Actions workflow under .github/workflows/ against the workflow schema
// (@action-validator/cli, offline). One line per file; exits non-zero if any is invalid.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const directory = path.join(root, '.github', 'workflows');
const validator = path.join(root, 'node_modules', '.bin', 'action-validator');
const files = readdirSync(directory)
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
if (files.length === 0) {
  console.error('no workflow in .github/workflows');
  process.exit(1);
}
let invalid = 0;
for (const name of files) {
  const result = spawnSync(validator, [path.join(directory, name)], { encoding: 'utf8' });
  if (result.status === 0) {
    console.log(`.github/workflows/${name}: valid`);
  } else {
    invalid += 1;
    console.error(`.github/workflows/${name}: INVALID\n${result.stdout}${result.stderr}`);
  }
}
process.exit(invalid === 0 ? 0 : 1);
