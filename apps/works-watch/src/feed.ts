/**
 * Reading the interface: the polling feed page by page from a cursor, and permit summaries
 * for a batch of works.
 */
import type { EventsClient, PermitSummaryResponse, WorkUpdateSummary } from "@street-events/client";

export class EventsRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${status} ${code}: ${message}`);
  }
}

export interface FeedPage {
  rows: WorkUpdateSummary[];
  /** The cursor after this page: persist it with the rows. */
  cursor: number | undefined;
}

/** The pages of updates after `cursor` (all updates when undefined), until the feed is caught up. */
export async function* updatesAfter(
  client: EventsClient,
  cursor: number | undefined,
  options: { swaCode?: string; pageSize?: number; signal?: AbortSignal } = {},
): AsyncGenerator<FeedPage> {
  for (;;) {
    const { data, error, response } = await client.GET("/works/updates", {
      params: { query: { update_id: cursor, page_size: options.pageSize ?? 250, swa_code: options.swaCode } },
      signal: options.signal,
    });
    if (error) throw new EventsRequestError(response.status, error.error.code, error.message);
    const last = data.rows.at(-1)?.update_id;
    cursor = data.next_update ?? last ?? cursor;
    yield { rows: data.rows, cursor };
    if (data.next_update == null || data.rows.length === 0) return;
  }
}

/** Every permit summary of the named works (at most 1000), following `next_cursor`. */
export async function permitsOf(
  client: EventsClient,
  workReferenceNumbers: string[],
  options: { signal?: AbortSignal } = {},
): Promise<PermitSummaryResponse[]> {
  const summaries: PermitSummaryResponse[] = [];
  let nextCursor: number | undefined;
  for (;;) {
    const { data, error, response } = await client.POST("/permits/search", {
      body: { work_reference_numbers: workReferenceNumbers, page_size: 500, next_cursor: nextCursor },
      signal: options.signal,
    });
    if (error) throw new EventsRequestError(response.status, error.error.code, error.message);
    summaries.push(...data.rows);
    if (data.rows.length === 0 || !data.next_cursor) return summaries;
    nextCursor = data.next_cursor;
  }
}
