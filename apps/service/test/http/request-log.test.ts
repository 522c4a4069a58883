/**
 * The request log keeps no secrets of query strings: the token of the confirmation link and of
 * the unsubscribe link is written as `[redacted]` (the pino stream of a running service is read).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedUrl } from '../../src/http/request-log.js';
import { loopbackPolicy } from '../features/notifications/harness.js';
import { describeEachDatabase } from '../support/databases.js';
import { startService, type RunningService } from '../support/http.js';

describe('redactedUrl', () => {
  it('redacts every token query parameter and nothing else', () => {
    expect(redactedUrl('/v7/event/api-notifications/unsubscribe-link?subscription=7&token=abc&x=1#f')).toBe(
      '/v7/event/api-notifications/unsubscribe-link?subscription=7&token=[redacted]&x=1#f',
    );
    expect(redactedUrl('/v7/event/works/updates?swa_code=4720')).toBe('/v7/event/works/updates?swa_code=4720');
  });
});

describeEachDatabase('the request log', (database) => {
  let service: RunningService;
  const lines: string[] = [];

  beforeAll(async () => {
    let baseUrl = '';
    service = await startService({
      db: database.db,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
      notifications: { policy: loopbackPolicy, publicBaseUrl: () => baseUrl },
    });
    baseUrl = service.baseUrl;
  });
  afterAll(() => service?.close());

  it.each([
    ['the confirmation link', '/api-notifications/confirm?token=cnf_logsecret1'],
    ['the unsubscribe link', '/api-notifications/unsubscribe-link?subscription=1&token=logsecret2'],
  ])('does not write the token of %s', async (_name, path) => {
    const secret = new URLSearchParams(path.split('?')[1]).get('token')!;
    await (await fetch(`${service.baseUrl}${path}`)).arrayBuffer();
    const logged = lines.join('');
    expect(logged).toContain(`${path.split('?')[0]!}?`);
    expect(logged).toContain('token=[redacted]');
    expect(logged).not.toContain(secret);
  });
});
