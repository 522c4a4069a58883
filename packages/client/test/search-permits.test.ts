import { propertyConstraints } from '@street-events/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectPermits, createEventsClient, searchPermits } from '../src/index.js';
import { permitSummary, startFakeEventsService, type FakeEventsService } from '../src/testing.js';

let service: FakeEventsService;
const reference = (n: number) => `NW7001001${String(n).padStart(7, '0')}`;
const references = (count: number) => Array.from({ length: count }, (_, i) => reference(i + 1));

beforeAll(async () => {
  service = await startFakeEventsService();
});
afterAll(() => service.close());
beforeEach(() => {
  service.reset();
  service.state.permits = references(2500).map(permitSummary);
});

const client = () => createEventsClient({ baseUrl: service.baseUrl, token: 'tok', retry: { baseDelayMs: 1 } });
const searchBodies = () =>
  service
    .requestsTo('/permits/search')
    .map(
      (request) =>
        JSON.parse(request.body) as { work_reference_numbers?: string[]; next_cursor?: number; page_size: number },
    );

describe('searchPermits', () => {
  it('sends each reference once, however often it is given', async () => {
    const permits = await collectPermits(client(), {
      workReferenceNumbers: [reference(1), reference(2), reference(1), reference(3), reference(2)],
    });

    expect(searchBodies().map((body) => body.work_reference_numbers)).toEqual([
      [reference(1), reference(2), reference(3)],
    ]);
    expect(permits.map((permit) => permit.work_reference_number)).toEqual([reference(1), reference(2), reference(3)]);
  });

  it('splits the references into requests of at most 1000, with no reference in two of them', async () => {
    const given = [...references(2300), ...references(2300)]; // 2300 distinct, each twice
    const permits = await collectPermits(client(), { workReferenceNumbers: given });

    const sent = searchBodies()
      .filter((body) => body.next_cursor === undefined)
      .map((body) => body.work_reference_numbers!);
    expect(sent.map((batch) => batch.length)).toEqual([1000, 1000, 300]);
    expect(new Set(sent.flat()).size).toBe(2300);
    expect(permits).toHaveLength(2300);
  });

  it('takes any iterable of references, a generator included', async () => {
    function* fromPolling() {
      yield reference(7);
      yield reference(8);
    }
    const permits = await collectPermits(client(), { workReferenceNumbers: fromPolling() });

    expect(permits.map((permit) => permit.work_reference_number)).toEqual([reference(7), reference(8)]);
  });

  it('follows next_cursor until a page is shorter than the page size, returning each permit once', async () => {
    const permits = await collectPermits(client(), { workReferenceNumbers: references(1000), pageSize: 300 });

    expect(searchBodies().map((body) => [body.next_cursor, body.page_size])).toEqual([
      [undefined, 300],
      [300, 300],
      [600, 300],
      [900, 300],
    ]);
    expect(permits.map((permit) => permit.work_reference_number)).toEqual(references(1000));
  });

  it('stops on 0 from a service that still answers 0 when exhausted, never sending 0 back', async () => {
    service.failNext({ status: 200, body: { rows: [], next_cursor: 0 } });
    await collectPermits(client(), { workReferenceNumbers: [reference(1)] });

    expect(searchBodies().map((body) => body.next_cursor)).toEqual([undefined]);
  });

  it('stops on an empty page', async () => {
    service.failNext({ status: 200, body: { rows: [], next_cursor: 17 } });
    const permits = await collectPermits(client(), { workReferenceNumbers: [reference(1)] });

    expect(permits).toEqual([]);
    expect(searchBodies()).toHaveLength(1);
  });

  it('without references fetches every permit the caller may see', async () => {
    expect(await collectPermits(client())).toHaveLength(2500);
    expect(searchBodies()[0]?.work_reference_numbers).toBeUndefined();
  });

  it('with an empty list of references fetches nothing, without calling the service', async () => {
    expect(await collectPermits(client(), { workReferenceNumbers: [] })).toEqual([]);
    expect(searchBodies()).toEqual([]);
  });

  const { page_size: bounds } = propertyConstraints.PermitSearchRequest;
  it.each([bounds.minimum - 1, bounds.maximum + 1, bounds.minimum + 0.5])(
    'refuses page size %s before calling the service',
    async (pageSize) => {
      await expect(collectPermits(client(), { workReferenceNumbers: [reference(1)], pageSize })).rejects.toBeInstanceOf(
        RangeError,
      );
      expect(searchBodies()).toEqual([]);
    },
  );

  it('yields permits as they arrive, so a loop can stop before the last page', async () => {
    let count = 0;
    for await (const permit of searchPermits(client(), { workReferenceNumbers: references(1000), pageSize: 100 })) {
      void permit;
      if (++count === 150) break;
    }
    expect(searchBodies()).toHaveLength(2);
  });
});
