/**
 * No string of a request may hold U+0000: PostgreSQL cannot store it in text, so it would
 * fail deep in a query. A `preValidation` hook of every route finds each one in the query
 * string, the path parameters and the body, and refuses the request with `400`, rule
 * `characters`, naming the field.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { RequestValidationError, type Problem } from '../errors.js';

const nul = '\u0000';

function pathOf(parent: string, key: string | number): string {
  return typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;
}

/**
 * The fields of a parsed value whose key or string value holds U+0000. Iterative, so a deeply
 * nested body cannot exhaust the stack.
 */
export function fieldsWithNul(value: unknown): string[] {
  const found: string[] = [];
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(nul)) found.push(path);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push([item, pathOf(path, index)]));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes(nul)) found.push(pathOf(path, key));
        else pending.push([item, pathOf(path, key)]);
      }
    }
  }
  return found.sort();
}

/** The `preValidation` hook: every field holding U+0000 as one 400. */
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
  const problems = parts.flatMap(([location, value]) =>
    fieldsWithNul(value).map(
      (field): Problem => ({ location, field, rule: 'characters', message: 'must not contain the character U+0000' }),
    ),
  );
  done(problems.length > 0 ? new RequestValidationError(problems) : undefined);
}
