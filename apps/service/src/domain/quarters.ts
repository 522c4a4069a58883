/** Calendar quarters (`YYYY-Qn`, UTC), the periods of sample inspections. */
import { ValidationError } from '../shared/errors.js';

const quarterPattern = /^(\d{4})-Q([1-4])$/;

export function quarterOf(at: Date): string {
  return `${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;
}

/** The quarter's first instant and the first instant after it. */
export function quarterBounds(quarter: string): { start: Date; end: Date } {
  const match = quarterPattern.exec(quarter);
  if (!match)
    throw new ValidationError(`quarter must look like 2025-Q3, not ${JSON.stringify(quarter)}`, 'quarter', {
      rule: 'pattern',
    });
  const year = Number(match[1]);
  const firstMonth = (Number(match[2]) - 1) * 3;
  return { start: new Date(Date.UTC(year, firstMonth, 1)), end: new Date(Date.UTC(year, firstMonth + 3, 1)) };
}

/** The quarter before `quarter`. */
export function quarterBefore(quarter: string): string {
  const { start } = quarterBounds(quarter);
  return quarterOf(new Date(start.getTime() - 1));
}
