/** The dead letters a filter selects, as one list (the first page of the largest size). */
import { parameterConstraints } from '@street-events/types/operator';
import type { Database } from '../../src/db/database.js';
import { listDeadLetters, type DeadLetter } from '../../src/deliveries/queue/dead-letters.js';

export const deadLettersOf = async (
  db: Database,
  filter: Omit<Parameters<typeof listDeadLetters>[1], 'limit'>,
): Promise<DeadLetter[]> =>
  (await listDeadLetters(db, { limit: parameterConstraints.listDeadLetters.limit.maximum, ...filter })).letters;
