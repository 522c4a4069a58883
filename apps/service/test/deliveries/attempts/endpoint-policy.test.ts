/**
 * Which endpoint URLs a subscription may name and which addresses deliveries may reach: every
 * non-public range is refused by default, in every notation the URL parser accepts, and the
 * allow-list opens exactly what it names.
 */
import { describe, expect, it } from 'vitest';
import {
  checkEndpoint,
  createEndpointPolicy,
  maxEndpointLength,
} from '../../../src/deliveries/attempts/endpoint-policy.js';

const strict = createEndpointPolicy();

describe('address classes', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['100.127.255.254', 'a shared (CGNAT) address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['0.0.0.0', 'an unspecified address'],
    ['0.1.2.3', 'an unspecified address'],
    ['255.255.255.255', 'the broadcast address'],
    ['240.0.0.1', 'a reserved address'],
    ['192.0.2.1', 'a reserved address'],
    ['198.18.0.1', 'a reserved address'],
    ['192.52.193.1', 'a special-purpose address (amt)'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fc00::1', 'a unique local address'],
    ['fd12:3456::1', 'a unique local address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['fec0::1', 'a site-local address'],
    ['ff02::1', 'a multicast address'],
    ['2001:db8::1', 'a reserved address'],
    ['64:ff9b:1::1', 'a local-use NAT64 address'],
    ['::ffff:127.0.0.1', 'an IPv4-mapped address of 127.0.0.1, a loopback address'],
    ['::ffff:7f00:1', 'an IPv4-mapped address of 127.0.0.1, a loopback address'],
    ['::ffff:10.0.0.1', 'an IPv4-mapped address of 10.0.0.1, a private address'],
    ['::ffff:0:a9fe:a9fe', 'an IPv4-translated address of 169.254.169.254, a link-local address'],
    ['::7f00:1', 'an IPv4-compatible address of 127.0.0.1, a loopback address'],
    ['64:ff9b::a00:1', 'a NAT64 address of 10.0.0.1, a private address'],
    ['2002:c0a8:101::1', 'a 6to4 address of 192.168.1.1, a private address'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'a Teredo address of 127.0.0.1, a loopback address'],
  ])('%s is refused as %s', (address, description) => {
    expect(strict.checkAddress(address)).toEqual({ allowed: false, reason: `${address} is ${description}` });
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '100.63.255.255',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public and allowed', (address) => {
    expect(strict.checkAddress(address)).toEqual({ allowed: true });
  });

  it('a string that is not an IP address is refused', () => {
    expect(strict.checkAddress('example.com')).toEqual({ allowed: false, reason: 'example.com is not an IP address' });
  });
});

describe('allow-list', () => {
  const policy = createEndpointPolicy(['127.0.0.0/8', '::1/128', '192.168.7.7', 'Receiver.Test']);

  it.each(['127.0.0.1', '127.3.4.5', '::ffff:127.0.0.1', '::1', '192.168.7.7'])('opens %s', (address) => {
    expect(policy.checkAddress(address)).toEqual({ allowed: true });
  });

  it.each(['10.0.0.1', '192.168.7.8', '::2', 'fe80::1'])('leaves %s refused', (address) => {
    expect(policy.checkAddress(address).allowed).toBe(false);
  });

  it('opens a host name in any letter case', () => {
    expect([policy.allowsHostName('receiver.test'), policy.allowsHostName('RECEIVER.test')]).toEqual([true, true]);
  });

  it('opens no other host name', () => {
    expect([policy.allowsHostName('other.test'), strict.allowsHostName('receiver.test')]).toEqual([false, false]);
  });

  it.each(['2130706433', '10.0.0.0/33', 'not a host', 'http://receiver.test/', '::1/129'])(
    'rejects the malformed entry %s',
    (entry) => {
      expect(() => createEndpointPolicy([entry])).toThrow();
    },
  );
});

describe('endpoint URLs', () => {
  it.each([
    'https://receiver.example/hooks/street-works',
    'http://receiver.example:8080/hook?x=1',
    'https://8.8.8.8/hook',
  ])('accepts %s', (input) => {
    expect(checkEndpoint(input, strict)).toMatchObject({ ok: true, url: new URL(input) });
  });

  it.each([
    ['/relative/path', 'api_endpoint must be an absolute URL'],
    ['receiver.example/hook', 'api_endpoint must be an absolute URL'],
    ['http://', 'api_endpoint must be an absolute URL'],
    ['ftp://receiver.example/hook', 'api_endpoint must be an http or https URL'],
    ['javascript:alert(1)', 'api_endpoint must be an http or https URL'],
    ['file:///etc/passwd', 'api_endpoint must be an http or https URL'],
    ['https://user:secret@receiver.example/hook', 'api_endpoint must not contain a user name or password'],
    ['https://user@receiver.example/hook', 'api_endpoint must not contain a user name or password'],
    ['https://receiver.example@127.0.0.1/hook', 'api_endpoint must not contain a user name or password'],
  ])('refuses %s', (input, message) => {
    expect(checkEndpoint(input, strict)).toEqual({ ok: false, field: 'api_endpoint', message });
  });

  it('accepts an endpoint of exactly maxEndpointLength characters', () => {
    const input = `https://receiver.example/${'a'.repeat(maxEndpointLength - 'https://receiver.example/'.length)}`;
    expect(checkEndpoint(input, strict).ok).toBe(true);
  });

  it('refuses an endpoint one character longer', () => {
    const input = `https://receiver.example/${'a'.repeat(maxEndpointLength + 1 - 'https://receiver.example/'.length)}`;
    expect(checkEndpoint(input, strict)).toEqual({
      ok: false,
      field: 'api_endpoint',
      message: `api_endpoint must be at most ${maxEndpointLength} characters`,
    });
  });

  it('names the refused address in the message', () => {
    expect(checkEndpoint('http://10.0.0.1/hook', strict)).toEqual({
      ok: false,
      field: 'api_endpoint',
      message: 'api_endpoint must be a public address: 10.0.0.1 is a private address',
    });
  });

  it('accepts a loopback endpoint when the allow-list opens loopback', () => {
    expect(checkEndpoint('http://127.0.0.1:8080/hook', createEndpointPolicy(['127.0.0.0/8'])).ok).toBe(true);
  });

  it('leaves a host name to be checked when it is resolved', () => {
    expect(checkEndpoint('http://localhost:8080/hook', strict).ok).toBe(true);
  });
});

describe('IP addresses in unusual notations', () => {
  // The URL parser turns each of these into the canonical address, which the policy refuses.
  it.each([
    ['decimal', 'http://2130706433/', '127.0.0.1'],
    ['octal', 'http://0177.0.0.1/', '127.0.0.1'],
    ['hexadecimal', 'http://0x7f.0.0.1/', '127.0.0.1'],
    ['hexadecimal, one number', 'http://0x7f000001/', '127.0.0.1'],
    ['octal, one number', 'http://017700000001/', '127.0.0.1'],
    ['short', 'http://127.1/', '127.0.0.1'],
    ['zero', 'http://0/', '0.0.0.0'],
    ['trailing dot', 'http://127.0.0.1./', '127.0.0.1'],
    ['percent-encoded', 'http://%31%32%37.0.0.1/', '127.0.0.1'],
    ['full-width digits', 'http://１２７.0.0.1/', '127.0.0.1'],
    ['mixed private', 'http://0xa.0.0.1/', '10.0.0.1'],
    ['IPv4-mapped, dotted', 'http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['IPv4-mapped, hexadecimal', 'http://[::ffff:7f00:1]/', '[::ffff:7f00:1]'],
    ['IPv4-mapped, long form', 'http://[0:0:0:0:0:ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['IPv4-compatible', 'http://[::127.0.0.1]/', '[::7f00:1]'],
    ['IPv6 loopback, long form', 'http://[0:0:0:0:0:0:0:1]/', '[::1]'],
  ])('%s (%s) is parsed as %s and refused', (_notation, input, hostname) => {
    expect(new URL(input).hostname).toBe(hostname);
    expect(checkEndpoint(input, strict)).toMatchObject({ ok: false, field: 'api_endpoint' });
  });
});
