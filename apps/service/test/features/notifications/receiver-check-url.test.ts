/**
 * The base URL of a receiver check's links: the service's public base URL by default; a
 * `service_url` given only when it names the service as a receiver may reach it (the scheme, port
 * and path of the public base URL or of a listening address, under its host, a loopback name for a
 * loopback address, or a name the sandbox serves); any other is 400 naming `service_url`.
 */
import { describe, expect, it } from 'vitest';
import { receiverCheckBaseUrl, type OwnUrls } from '../../../src/features/notifications/receiver-check-url.js';

const sandbox: OwnUrls = {
  publicBaseUrl: 'https://localhost:8443/v7/event',
  listening: ['http://127.0.0.1:8080/v7/event', 'https://localhost:8443/v7/event'],
  hosts: ['host.docker.internal'],
};
const behindProxy: OwnUrls = {
  publicBaseUrl: 'https://events.example/v7/event',
  listening: ['http://localhost:8080/v7/event'],
  hosts: [],
};

describe('the base URL of a receiver check’s links', () => {
  it('is the public base URL by default, without a trailing slash', () => {
    expect(receiverCheckBaseUrl(undefined, { ...sandbox, publicBaseUrl: 'https://localhost:8443/v7/event/' })).toBe(
      'https://localhost:8443/v7/event',
    );
  });

  it.each([
    [sandbox, 'https://localhost:8443/v7/event/'],
    [sandbox, 'https://127.0.0.1:8443/v7/event'],
    [sandbox, 'http://127.0.0.1:8080/v7/event'],
    [sandbox, 'http://localhost:8080/v7/event'],
    [sandbox, 'http://[::1]:8080/v7/event'],
    [sandbox, 'https://host.docker.internal:8443/v7/event'],
    [behindProxy, 'https://events.example/v7/event'],
    [behindProxy, 'http://127.0.0.1:8080/v7/event'],
  ])('takes the service’s own URL under another name (%#: %s)', (own, given) => {
    expect(receiverCheckBaseUrl(given, own)).toBe(given.replace(/\/$/, ''));
  });

  it.each([
    [sandbox, 'https://elsewhere.example:8443/v7/event'],
    [sandbox, 'https://localhost:9443/v7/event'],
    [sandbox, 'http://localhost:8443/v7/event'],
    [sandbox, 'https://localhost:8443/v7/other'],
    [sandbox, 'https://localhost:8443/v7/event?next=https://elsewhere.example'],
    [sandbox, 'https://someone@localhost:8443/v7/event'],
    [behindProxy, 'https://localhost/v7/event'],
    [behindProxy, 'https://events.example.evil.example/v7/event'],
  ])('refuses any other with 400 naming service_url (%#: %s)', (own, given) => {
    expect(() => receiverCheckBaseUrl(given, own)).toThrow(
      expect.objectContaining({ status: 400, field: 'service_url', rule: 'format' }),
    );
  });
});
