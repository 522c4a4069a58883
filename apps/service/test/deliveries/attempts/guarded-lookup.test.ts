/**
 * Resolution for deliveries: every address of a name must be allowed, a name that does not
 * resolve is refused, and `lookup` hands the connection exactly the checked addresses.
 */
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createEndpointPolicy } from '../../../src/deliveries/attempts/endpoint-policy.js';
import { guardedLookup, RefusedAddressError, resolveAllowed } from '../../../src/deliveries/attempts/guarded-lookup.js';
import { notResolving, resolvingTo } from '../fake-dns.js';

const strict = createEndpointPolicy();

describe('resolveAllowed', () => {
  it('gives every address of a name that resolves only to public addresses', async () => {
    await expect(resolveAllowed('receiver.test', strict, resolvingTo('8.8.8.8', '2606:4700::1111'))).resolves.toEqual([
      { address: '8.8.8.8', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
  });

  it.each([
    ['a private address', ['10.0.0.7'], 'receiver.test: 10.0.0.7 is a private address'],
    ['loopback', ['127.0.0.1'], 'receiver.test: 127.0.0.1 is a loopback address'],
    [
      'one private address among public ones',
      ['8.8.8.8', '192.168.0.10'],
      'receiver.test: 192.168.0.10 is a private address',
    ],
    [
      'an IPv4-mapped loopback address',
      ['::ffff:7f00:1'],
      'receiver.test: ::ffff:7f00:1 is an IPv4-mapped address of 127.0.0.1, a loopback address',
    ],
    ['the metadata service address', ['169.254.169.254'], 'receiver.test: 169.254.169.254 is a link-local address'],
  ])('refuses a name resolving to %s', async (_case, addresses, message) => {
    await expect(resolveAllowed('receiver.test', strict, resolvingTo(...addresses))).rejects.toThrow(
      new RefusedAddressError(message),
    );
  });

  it('allows the private addresses of an allow-listed name', async () => {
    const policy = createEndpointPolicy(['receiver.test']);
    await expect(resolveAllowed('receiver.test', policy, resolvingTo('10.0.0.7'))).resolves.toEqual([
      { address: '10.0.0.7', family: 4 },
    ]);
  });

  it('allows a resolved address inside an allow-listed range', async () => {
    const policy = createEndpointPolicy(['10.0.0.0/24']);
    await expect(resolveAllowed('receiver.test', policy, resolvingTo('10.0.0.7'))).resolves.toHaveLength(1);
  });

  it('fails for a name that does not resolve', async () => {
    await expect(resolveAllowed('receiver.test', strict, notResolving)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('fails for an empty answer', async () => {
    await expect(resolveAllowed('receiver.test', strict, resolvingTo())).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('guardedLookup', () => {
  const lookUp = (all: boolean, ...addresses: string[]) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family: number | undefined }>(
      (done) => {
        guardedLookup(strict, resolvingTo(...addresses))('receiver.test', { all }, (error, address, family) =>
          done({ error, address, family }),
        );
      },
    );

  it('hands over all checked addresses when asked for all', async () => {
    expect(await lookUp(true, '8.8.8.8', '8.8.4.4')).toEqual({
      error: null,
      address: [
        { address: '8.8.8.8', family: 4 },
        { address: '8.8.4.4', family: 4 },
      ],
      family: undefined,
    });
  });

  it('hands over the first checked address when asked for one', async () => {
    expect(await lookUp(false, '2606:4700::1111', '8.8.8.8')).toEqual({
      error: null,
      address: '2606:4700::1111',
      family: 6,
    });
  });

  it('reports a refused address as the error', async () => {
    expect((await lookUp(true, '8.8.8.8', '10.0.0.1')).error).toBeInstanceOf(RefusedAddressError);
  });
});
