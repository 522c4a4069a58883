/**
 * A PGlite data directory is one process's at a time: PGlite is PostgreSQL in this process's
 * memory, and two processes writing the same files corrupt them. The holder writes its pid to
 * `<directory>.lock`; another process is refused while that pid lives. A lock left by a process
 * that died (killed, crashed) names a pid that no longer runs, and is taken over.
 */
import { existsSync, linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Whether a process with this pid runs (one of another user counts too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid recorded in a lock file, or undefined when there is none or it is unreadable. */
function holderOf(lockFile: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes a lock seen held by `holder`, a process that is gone. Two processes may see the same
 * stale lock: each moves it aside first (only one can move a given file), and a lock that turns
 * out to be another live process's, taken between the look and the move, is put back.
 */
export function removeStaleLock(lockFile: string, holder: number | undefined): void {
  const aside = `${lockFile}.${process.pid}.stale`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // another process removed it
    throw error;
  }
  try {
    if (holderOf(aside) !== holder) linkSync(aside, lockFile);
  } catch {
    // a third process holds the directory now: its lock stays
  } finally {
    rmSync(aside, { force: true });
  }
}

/** Takes the directory for this process; resolves to the function that gives it back. */
export function lockDataDirectory(directory: string): () => void {
  const lockFile = `${resolve(directory)}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
      const release = () => {
        process.off('exit', release);
        if (holderOf(lockFile) === process.pid) rmSync(lockFile, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(lockFile);
    if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `the PGlite data directory ${resolve(directory)} is in use by process ${holder}: stop it first (PGlite serves one process; use PostgreSQL, --database-url, to share a database)`,
      );
    }
    removeStaleLock(lockFile, holder); // left by a process that is gone
  }
  throw new Error(`could not lock the PGlite data directory ${resolve(directory)} (${lockFile})`);
}

/** The process holding the directory, while it runs; undefined when none does. */
export function holderOfDataDirectory(directory: string): number | undefined {
  const holder = holderOf(`${resolve(directory)}.lock`);
  return holder !== undefined && isRunning(holder) ? holder : undefined;
}

/** Throws unless `directory` holds a database (PGlite creates one in an empty directory). */
export function assertDatabaseIn(directory: string): void {
  if (existsSync(join(directory, 'PG_VERSION'))) return;
  throw new Error(
    `no database in ${resolve(directory)}: start the sandbox first (npm start), run "street-events migrate", or name another with --data-dir (PGLITE_DATA_DIR) or --database-url (DATABASE_URL)`,
  );
}
