/**
 * A flood, sent from a process of its own: the hostile tenant's requests at a steady rate until
 * told to stop, on an event loop other than the one that times the well-behaved tenant, so that
 * its polls' times are the service's and not the flood's callbacks'. The process answers how
 * many it sent, by status.
 */
import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loginBasePath } from '../src/features/login/plugin.js';
import { atRateUntilStopped, closeConnections, send, type Answer } from './http.js';

/** What is flooded: wrong passwords for addresses that do not exist, or polls of a whole feed. */
export type Flood =
  | { kind: 'logins'; origin: string; from: string }
  | { kind: 'expensive-polls'; baseUrl: string; token: string; from: string };

export interface FloodFigures {
  sent: number;
  statuses: Record<string, number>;
}

/** The longest a flood runs when it is not stopped. */
const maxSeconds = 600;

export const statusesOf = (answers: Answer[]) =>
  answers.reduce<Record<string, number>>(
    (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

function requestOf(flood: Flood): () => Promise<Answer> {
  if (flood.kind === 'logins')
    return () =>
      send(`${flood.origin}${loginBasePath}/work/authenticate`, {
        method: 'POST',
        body: JSON.stringify({
          emailAddress: `nobody-${randomBytes(6).toString('hex')}@flood.example`,
          password: 'wrong',
        }),
        from: flood.from,
      });
  return () =>
    send(`${flood.baseUrl}/works/updates?end_date=0002-01-01T00:00:00Z`, {
      headers: { token: flood.token },
      from: flood.from,
    });
}

/** Sends `flood` `perSecond` times a second, from a process of its own, while `during` runs. */
export async function whileFlooding<T>(
  flood: Flood,
  perSecond: number,
  during: () => Promise<T>,
): Promise<{ result: T } & FloodFigures> {
  const child = fork(fileURLToPath(import.meta.url), [JSON.stringify({ flood, perSecond })], {
    execArgv: ['--import', 'tsx'],
  });
  const figures = new Promise<FloodFigures>((resolve, reject) => {
    child.once('message', (message) => resolve(message as FloodFigures));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the flood ended with ${code} before its figures`)));
  });
  try {
    const result = await during();
    child.send('stop');
    return { result, ...(await figures) };
  } finally {
    child.kill();
  }
}

/** The flood process: floods until told to stop, then sends its figures. */
async function floodUntilStopped(): Promise<void> {
  const { flood, perSecond } = JSON.parse(process.argv[2]!) as { flood: Flood; perSecond: number };
  const running = atRateUntilStopped(perSecond, maxSeconds, requestOf(flood));
  process.once('message', () => running.stop());
  const answers = await running.done;
  closeConnections();
  const figures: FloodFigures = { sent: answers.length, statuses: statusesOf(answers) };
  process.send?.(figures, () => process.disconnect());
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) await floodUntilStopped();
