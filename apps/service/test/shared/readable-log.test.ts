/** The log as a person reads it: what pino writes, turned into one line per request, attempt and entry. */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { readableLog } from '../../src/shared/readable-log.js';

/** A pino logger writing through `readableLog` into the lines returned. */
function logger() {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, readableLog({ write: (text: string) => lines.push(text) }));
  return { log, lines };
}

const clock = /^\d\d:\d\d:\d\d {2}/;

describe('the readable log', () => {
  it('prints a request as one line: method, target, status and time taken', () => {
    const { log, lines } = logger();
    log.info({ reqId: 'req-1', req: { method: 'GET', url: '/v7/event/works/updates?limit=5' } }, 'incoming request');
    log.info({ reqId: 'req-1', res: { statusCode: 200 }, responseTime: 12.4 }, 'request completed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(clock);
    expect(lines[0]!.slice(10)).toBe('GET /v7/event/works/updates?limit=5  200  12 ms\n');
  });

  it('pairs each completion with its own request when requests overlap', () => {
    const { log, lines } = logger();
    log.info({ reqId: 'a', req: { method: 'GET', url: '/a' } }, 'incoming request');
    log.info({ reqId: 'b', req: { method: 'POST', url: '/b' } }, 'incoming request');
    log.info({ reqId: 'b', res: { statusCode: 400 }, responseTime: 1 }, 'request completed');
    log.info({ reqId: 'a', res: { statusCode: 200 }, responseTime: 2 }, 'request completed');
    expect(lines.map((line) => line.slice(10))).toEqual(['POST /b  400  1 ms\n', 'GET /a  200  2 ms\n']);
  });

  it('prints a delivery attempt with its endpoint, answer, latency and next attempt', () => {
    const { log, lines } = logger();
    const attempt = {
      messageId: 'msg_1',
      kind: 'notification',
      endpoint: 'http://127.0.0.1:9000/hook',
      latencyMs: 40,
    };
    log.info(
      { ...attempt, status: 503, outcome: 'retry', nextAttemptAt: '2026-11-27T10:11:12.000Z' },
      'delivery attempt',
    );
    log.warn({ ...attempt, status: null, reason: 'connection refused', outcome: 'dead' }, 'delivery attempt');
    expect(lines.map((line) => line.slice(10))).toEqual([
      'notification msg_1 → http://127.0.0.1:9000/hook  503  40 ms  retry at 10:11:12\n',
      'notification msg_1 → http://127.0.0.1:9000/hook  connection refused  40 ms  dead\n',
    ]);
  });

  it('prints any other entry with its level, message and fields', () => {
    const { log, lines } = logger();
    log.warn({ subscription: 'SUB-1', err: new Error('boom') }, 'endpoint failing');
    expect(lines[0]!.slice(10)).toBe('WARN  endpoint failing  subscription="SUB-1"  err=boom\n');
  });

  it('passes through a line that is not JSON', () => {
    const lines: string[] = [];
    readableLog({ write: (text: string) => lines.push(text) }).write('plain text\n');
    expect(lines).toEqual(['plain text\n']);
  });
});
