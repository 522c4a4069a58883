/**
 * No string of a request may hold U+0000: PostgreSQL cannot store it in text, so it would
 * fail deep in a query. A `preValidation` hook of every route looks for one in the query
 * string, the path parameters and the body, and refuses the request with `400`, rule
 * `characters`, naming the first field found. The search stops at that field, and keeps no
 * more than the containers it is inside of, so its cost is bounded by the body's size.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { RequestValidationError, type Problem } from '../shared/errors.js';

const nul = '\u0000';

/** A value met during the search, with how it was reached: the path is only spelled out for the field found. */
interface Step {
  value: unknown;
  parent: Step | undefined;
  key: string | number | undefined;
}

function pathOf(step: Step): string {
  const keys: (string | number)[] = [];
  for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys
    .reverse()
    .reduce<string>((path, key) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key), '');
}

/**
 * The path of the first field of a parsed value whose key or string value holds U+0000, or
 * `undefined`. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function firstFieldWithNul(value: unknown): string | undefined {
  const pending: Step[] = [{ value, parent: undefined, key: undefined }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    const current = step.value;
    if (typeof current === 'string') {
      if (current.includes(nul)) return pathOf(step);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        const item: unknown = current[index];
        if (item !== null && typeof item === 'object') pending.push({ value: item, parent: step, key: index });
        else if (typeof item === 'string' && item.includes(nul))
          return pathOf({ value: item, parent: step, key: index });
      }
    } else if (current !== null && typeof current === 'object') {
      for (const key in current) {
        const child = { value: (current as Record<string, unknown>)[key], parent: step, key };
        if (key.includes(nul)) return pathOf(child);
        pending.push(child);
      }
    }
  }
  return undefined;
}

/** The `preValidation` hook: the first field holding U+0000 as a 400. */
export function rejectNulCharacters(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const parts: [Problem['location'], unknown][] = [
    ['query', request.query],
    ['path', request.params],
    ['body', request.body],
  ];
  for (const [location, value] of parts) {
    const field = firstFieldWithNul(value);
    if (field !== undefined) {
      const problem: Problem = {
        location,
        field,
        rule: 'characters',
        message: 'must not contain the character U+0000',
      };
      done(new RequestValidationError([problem]));
      return;
    }
  }
  done();
}
