// The sandbox as an integrator gets it: the packages packed as they would be published, installed
// with npm into an empty folder, and the installed command started there in a process group of
// its own, so that stopping it is what Ctrl-C in a terminal does (SIGINT to the whole group).
// Shared by the package's test and scripts/measure.mjs.
import { execFile, spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);
const packagesDir = fileURLToPath(new URL('../..', import.meta.url));
/** The repository's own pnpm (a dev dependency of the root), whatever is on the PATH. */
const pnpm = fileURLToPath(new URL('../../../node_modules/.bin/pnpm', import.meta.url));

/** The packages an integrator installs: the sandbox and the documents it reads at run time. */
export const packedPackages = ['openapi', 'sandbox'];

/** This process's environment without the variables pnpm and npm set for scripts, so npm reads only its own configuration. */
export function cleanEnvironment() {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_/i.test(name)));
}

/**
 * Runs a command; its output, or an error that carries it.
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @param {NodeJS.ProcessEnv} [env]
 */
export async function sh(command, args, cwd, env = cleanEnvironment()) {
  try {
    return await run(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}\n${stdout}\n${stderr}`);
  }
}

/**
 * Packs the packages (built) into `workDir` with pnpm, and installs the tarballs with npm into
 * `workDir/project`, an empty project. Returns the project's folder and the tarballs.
 * @param {string} workDir
 */
export async function packAndInstall(workDir) {
  for (const name of packedPackages) await sh(pnpm, ['pack', '--pack-destination', workDir], join(packagesDir, name));
  const tarballs = (await readdir(workDir)).filter((name) => name.endsWith('.tgz')).map((name) => join(workDir, name));
  if (tarballs.length !== packedPackages.length)
    throw new Error(`expected ${packedPackages.length} tarballs: ${tarballs}`);
  const projectDir = join(workDir, 'project');
  await mkdir(projectDir, { recursive: true });
  await writeFile(join(projectDir, 'package.json'), JSON.stringify({ name: 'integration', private: true }));
  const started = performance.now();
  await sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...tarballs], projectDir);
  return { projectDir, tarballs, installSeconds: (performance.now() - started) / 1000 };
}

/**
 * Resolves once no process of the group `pgid` is left (npx, say, may exit before the command it ran).
 * @param {number} pgid
 */
async function groupGone(pgid) {
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    await delay(50);
  }
}

/**
 * What a ready sandbox printed.
 * @typedef {{ baseUrl: string, httpsBaseUrl: string, caFile: string, tokens: Record<string, string> }} Ready
 */

/**
 * The base URLs, the CA file and the token of each user from the sandbox's output, once it has
 * printed all of it (its last line says "Ctrl-C stops the sandbox"); undefined before.
 * @param {string} output
 * @returns {Ready | undefined}
 */
export function readyFrom(output) {
  if (!/Ctrl-C stops the sandbox/.test(output)) return undefined;
  const found = (/** @type {RegExp} */ pattern) => pattern.exec(output)?.[1] ?? '';
  const tokens = Object.fromEntries(
    [...output.matchAll(/^\s+(?:Planner|HighwayAuthority|Contractor|Operator)\s.*?(\S+)\s+(se_[A-Za-z0-9_-]+)$/gm)].map(
      ([, username, token]) => [username, token],
    ),
  );
  return {
    baseUrl: found(/Event interface\s+(\S+)/),
    httpsBaseUrl: found(/\(HTTPS: (\S+)\)/),
    caFile: found(/Trust the CA\s+(\S+)/),
    tokens,
  };
}

/**
 * Starts `command args` in `cwd` on free loopback ports, in a process group of its own.
 * `ready` resolves once it has printed its URLs and tokens (rejects if it exits first), with the
 * seconds it took; `stop()` sends SIGINT to the group, as Ctrl-C does, and resolves to the exit
 * code (or signal) of the command and the seconds until every process of the group had exited.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env?: NodeJS.ProcessEnv }} options
 */
export function startSandbox(command, args, { cwd, env = {} }) {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...cleanEnvironment(), DATABASE_URL: '', PGLITE_DATA_DIR: '', PORT: '0', HOST: '127.0.0.1', ...env },
  });
  let output = '';
  child.stdout.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
  child.stderr.on('data', (/** @type {Buffer} */ chunk) => (output += chunk.toString()));
  /** @type {Promise<number | string>} */
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  /** @type {Promise<Ready & { seconds: number }>} */
  const ready = new Promise((resolve, reject) => {
    const onOutput = () => {
      const printed = readyFrom(output);
      if (printed) resolve({ ...printed, seconds: (performance.now() - started) / 1000 });
    };
    child.stdout.on('data', onOutput);
    void exited.then((code) => reject(new Error(`the sandbox exited (${code}) before it was ready:\n${output}`)));
  });
  const stop = async () => {
    const stopping = performance.now();
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGINT');
    const code = await exited;
    if (child.pid) await groupGone(child.pid);
    return { code, seconds: (performance.now() - stopping) / 1000 };
  };
  /** Ends the whole group at once, whatever state it is in (after a failed test). */
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  };
  return { ready, stop, kill, exited, output: () => output };
}
