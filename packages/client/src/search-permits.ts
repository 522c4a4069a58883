import { propertyConstraints, type PermitSummaryResponse } from '@street-events/types';
import type { EventsClient } from './events-client.js';
import { withOwnSignal } from './follow-signal.js';
import { unwrap } from './unwrap.js';

const { page_size: pageSizeBounds, work_reference_numbers: referenceBounds } = propertyConstraints.PermitSearchRequest;

/** The most work references one `POST /permits/search` accepts (the document's `maxItems`). */
export const maxReferencesPerSearch = referenceBounds.maxItems;

export interface SearchPermitsOptions {
  /**
   * The works whose permits to fetch, any number, in any iterable; duplicates are sent once.
   * They are sent in requests of at most 1000. Leave out to fetch every permit the caller may
   * see; an empty iterable fetches nothing.
   */
  workReferenceNumbers?: Iterable<string>;
  /** Permits per page, an integer from 100 to 500. Default 500 (fewest calls). */
  pageSize?: number;
  signal?: AbortSignal;
}

/**
 * The permit summaries of the given works, from `POST /permits/search`: the references
 * deduplicated and split into requests of at most 1000, each followed through `next_cursor`
 * until a page is shorter than the page size, the last (a `0` or `null` from an older service
 * also ends it: `0` is never sent back, as it would start the search again).
 *
 * Throws `EventsApiError` when the service refuses a call (after the client's retries), and a
 * `RangeError` for a `pageSize` the service would refuse.
 */
export async function* searchPermits(
  client: EventsClient,
  options: SearchPermitsOptions = {},
): AsyncGenerator<PermitSummaryResponse, void, undefined> {
  const { workReferenceNumbers, pageSize = pageSizeBounds.maximum, signal } = options;
  if (!Number.isInteger(pageSize) || pageSize < pageSizeBounds.minimum || pageSize > pageSizeBounds.maximum) {
    throw new RangeError(
      `searchPermits: pageSize must be an integer from ${pageSizeBounds.minimum} to ${pageSizeBounds.maximum}, not ${pageSize}`,
    );
  }
  const batches =
    workReferenceNumbers === undefined ? [undefined] : uniqueBatches(workReferenceNumbers, maxReferencesPerSearch);
  for (const batch of batches) {
    let cursor: number | undefined;
    for (;;) {
      const body = { work_reference_numbers: batch, page_size: pageSize, next_cursor: cursor };
      const page = await withOwnSignal(signal, (own) => unwrap(client.POST('/permits/search', { body, signal: own })));
      yield* page.rows;
      // A short page is the last one (and an older service answered 0 or null when exhausted).
      if (page.rows.length < pageSize || !page.next_cursor) break;
      cursor = page.next_cursor;
    }
  }
}

/** All of `searchPermits` in one array. */
export async function collectPermits(
  client: EventsClient,
  options: SearchPermitsOptions = {},
): Promise<PermitSummaryResponse[]> {
  const permits: PermitSummaryResponse[] = [];
  for await (const permit of searchPermits(client, options)) permits.push(permit);
  return permits;
}

/** The distinct values of `values`, in first-seen order, in arrays of at most `size`. */
function* uniqueBatches(values: Iterable<string>, size: number): Generator<string[]> {
  const seen = new Set<string>();
  let batch: string[] = [];
  for (const value of values) {
    if (seen.has(value)) continue;
    seen.add(value);
    batch.push(value);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
