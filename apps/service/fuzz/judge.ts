/**
 * Sends a raw request on a socket of its own and judges the answer: any status below 500 is
 * fine, provided every non-2xx answer is the document's error body with `error.status` equal to
 * the HTTP status and each `details[].rule` one of the document's `ValidationRule`s.
 */
import { connect } from 'node:net';
import { enumerations } from '@street-events/types';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../src/http/openapi.js';

export interface Answer {
  status: number;
  body: string;
}

export type Verdict = 'ok' | 'server-error' | 'undocumented-error-body' | 'unanswered';

/**
 * Reads one answer; `undefined` when the connection ends or stalls (`timeoutMs`) without one. An
 * event stream (the operator API's delivery changes) is read up to its head.
 */
export function send(origin: URL, bytes: Buffer, timeoutMs = 10_000): Promise<Answer | undefined> {
  return new Promise((resolve) => {
    const socket = connect(Number(origin.port), origin.hostname, () => socket.write(bytes));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // An event stream stays open: its head is the answer.
      if (/\r\ncontent-type: text\/event-stream[^]*?\r\n\r\n/i.test(Buffer.concat(chunks).toString('latin1')))
        socket.destroy();
    });
    // The server may close while the request is still being written (a 413 or 431 mid-body).
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      // Interim answers (`100 Continue`) come before the final one.
      const text = Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^(?:HTTP\/1\.1 1\d\d[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n)+/, '');
      const match = /^HTTP\/1\.1 (\d{3})[^\r\n]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(text);
      resolve(match ? { status: Number(match[1]), body: match[3]! } : undefined);
    });
  });
}

/** The judge of answers against a document's `ErrorResponse`. */
export function judgeOf(document: OpenApiDocument): (answer: Answer | undefined) => Verdict {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'document', components: document.components });
  const errorResponse: ValidateFunction = ajv.compile({ $ref: 'document#/components/schemas/ErrorResponse' });
  const rules = new Set<string>(enumerations.ValidationRule.values);
  return (answer) => {
    if (answer === undefined) return 'unanswered';
    if (answer.status >= 500) return 'server-error';
    if (answer.status < 400) return 'ok';
    let body: { error?: { status?: number; details?: { rule: string }[] } };
    try {
      body = JSON.parse(answer.body) as typeof body;
    } catch {
      return 'undocumented-error-body';
    }
    const documented =
      errorResponse(body) &&
      body.error?.status === answer.status &&
      (body.error.details ?? []).every((detail) => rules.has(detail.rule));
    return documented ? 'ok' : 'undocumented-error-body';
  };
}
