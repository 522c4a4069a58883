import { createServer } from 'node:http';
import type { paths as paths_7_0 } from '@street-events/types/v7.0';
import { describe, expectTypeOf, it } from 'vitest';
import {
  API_VERSION,
  collectPermits,
  createEventsClient,
  createWebhookReceiver,
  EventsApiError,
  pollUpdateRows,
  pollUpdates,
  RateLimitError,
  searchPermits,
  toNodeHandler,
  unwrap,
  verifyWebhookSignature,
  type AuditEventType,
  type GetSubscriptionsResponse,
  type NotificationPayload,
  type PermitSummaryResponse,
  type ReceivedNotification,
  type SignatureCheck,
  type SubscriptionConfirmationMessage,
  type UpdatesPage,
  type ErrorResponse,
  type EventsClient,
  type NotificationMessage,
  type PermitSearchReportingResponse,
  type WorkUpdateResponse,
  type WorkUpdateSummary,
  type operations,
  type webhooks,
} from '../src/index.js';
import type { FakeEventsState } from '../src/testing.js';

const client = createEventsClient({ baseUrl: 'http://127.0.0.1:8080/v7/event', token: 'tok' });

describe('calls the document allows', () => {
  it('typecheck, with typed data and error', async () => {
    const poll = await client.GET('/works/updates', {
      params: { query: { update_id: 10, page_size: 100, workstream_prefix: ['001', '002'] } },
    });
    expectTypeOf(poll.data).toEqualTypeOf<WorkUpdateResponse | undefined>();
    expectTypeOf(poll.error).toEqualTypeOf<ErrorResponse | undefined>();
    if (poll.error) expectTypeOf(poll.error.error.status).toEqualTypeOf<number>();

    const search = await client.POST('/permits/search', {
      body: { work_reference_numbers: ['NW7001000123456'], page_size: 100, next_cursor: null },
    });
    expectTypeOf(search.data).toEqualTypeOf<PermitSearchReportingResponse | undefined>();

    const subscribe = await client.POST('/api-notifications/subscribe', {
      body: { api_endpoint: 'https://hooks.example/street-works', subscription_description: 'control room' },
    });
    expectTypeOf(subscribe.data).toEqualTypeOf<{ subscription_reference_number: string } | undefined>();

    const unsubscribe = await client.POST('/api-notifications/unsubscribe', { body: {} });
    expectTypeOf(unsubscribe.data).toEqualTypeOf<undefined>();

    await client.GET('/api-notifications/subscriptions');
    await client.GET('/works/updates', { signal: AbortSignal.timeout(30_000) });
  });

  it('API_VERSION is a literal', () => {
    expectTypeOf<typeof API_VERSION>().toExtend<`${number}.${number}`>();
    expectTypeOf<typeof API_VERSION>().not.toEqualTypeOf<string>();
  });

  it("another version's paths can be chosen", () => {
    const older = createEventsClient<paths_7_0>({ baseUrl: 'http://127.0.0.1:8080/v7/event', token: 'tok' });
    expectTypeOf(older).toEqualTypeOf<EventsClient<paths_7_0>>();
    void older.GET('/works/updates', { params: { query: { page_size: 100 } } });
  });
});

describe('calls the document refuses do not typecheck', () => {
  it('a wrong body field', () => {
    // @ts-expect-error `work_refs` is not a field of PermitSearchRequest
    void client.POST('/permits/search', { body: { work_refs: ['NW7001000123456'] } });
    // @ts-expect-error a wrong field next to valid ones
    void client.POST('/permits/search', { body: { page_size: 100, cursor: 5 } });
  });

  it('a missing required body field (api_endpoint on subscribe)', () => {
    // @ts-expect-error api_endpoint is required
    void client.POST('/api-notifications/subscribe', { body: { subscription_description: 'control room' } });
    // @ts-expect-error the body itself is required
    void client.POST('/api-notifications/subscribe');
  });

  it("a query parameter of the wrong type (page_size: 'ten')", () => {
    // @ts-expect-error page_size is a number
    void client.GET('/works/updates', { params: { query: { page_size: 'ten' } } });
    // @ts-expect-error an unknown query parameter
    void client.GET('/works/updates', { params: { query: { pageSize: 10 } } });
  });

  it('an unknown path, or a path with the wrong method', () => {
    // @ts-expect-error no such path
    void client.GET('/works/update');
    // @ts-expect-error permit search is a POST
    void client.GET('/permits/search');
  });

  // No request of the client's operations has an enumerated field; the closed enumerations of a
  // request are in the webhook requests the service sends: the `x-amz-sns-message-type` header
  // and the message's `Type`.
  it('a value outside a closed enumeration of a request (webhook header x-amz-sns-message-type, message Type)', () => {
    type NotificationHeaders = webhooks['notification']['post']['parameters']['header'];
    const headers: NotificationHeaders = {
      'webhook-id': 'msg_2Kp7w9YzL4cQ',
      'webhook-timestamp': '1763629442',
      'webhook-signature': 'v1a,abc',
      'x-amz-sns-message-type': 'Notification',
      'x-amz-sns-message-id': 'msg_2Kp7w9YzL4cQ',
      'x-amz-sns-topic-arn': 'arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y',
      'x-amz-sns-subscription-arn':
        'arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y:4c8f2a1e-9b3d-4e7a-8f21-6d5c3b2a1f09',
    };
    // @ts-expect-error not one of SubscriptionConfirmation, Notification
    const unknownType: NotificationHeaders = { ...headers, 'x-amz-sns-message-type': 'UnsubscribeConfirmation' };

    const message: NotificationMessage = {
      Type: 'Notification',
      MessageId: 'msg_2Kp7w9YzL4cQ',
      TopicArn: 'arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y',
      Message: '{}',
      Timestamp: '2026-11-20T09:14:02.301Z',
      SignatureVersion: '1',
      Signature: 'c2lnbmF0dXJl',
      SigningCertURL: 'https://events.example/v7/event/api-notifications/signing-certificates/1.pem',
      UnsubscribeURL:
        'https://events.example/v7/event/api-notifications/unsubscribe-link?subscription=SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y&token=t',
    };
    // @ts-expect-error Type is the const "Notification"
    const wrongType: NotificationMessage = { ...message, Type: 'SubscriptionConfirmation' };
    void [unknownType, wrongType];
  });
});

describe('open enumerations', () => {
  it('accept a value added in a later version', () => {
    const future: WorkUpdateSummary['event_type'] = 'some_future_kind';
    const futureCode: ErrorResponse['error']['code'] = 'some_future_code';
    void [future, futureCode];
  });

  it('keep their known members as literals, so a known value narrows', async () => {
    expectTypeOf<'permit_granted'>().toExtend<AuditEventType>();
    expectTypeOf<Extract<AuditEventType, 'permit_granted'>>().toEqualTypeOf<'permit_granted'>();
    expectTypeOf<AuditEventType>().not.toEqualTypeOf<string>();

    const { data } = await client.GET('/works/updates');
    const row = data?.rows[0];
    if (row?.event_type === 'permit_granted') {
      // Any string is a possible value, so TypeScript keeps the open remainder beside the literal.
      expectTypeOf(row.event_type).toEqualTypeOf<'permit_granted' | (string & {})>();
    }
    if (row && row.event_type !== 'permit_granted') {
      expectTypeOf<'permit_granted'>().not.toExtend<Exclude<typeof row.event_type, string & {}>>();
    }
    // Response values are plain strings too: the open member survives the client's typing.
    expectTypeOf(row?.event_type).toExtend<string | undefined>();
  });

  it('a closed enumeration (no placeholder) stays closed', () => {
    type MessageType = webhooks['notification']['post']['parameters']['header']['x-amz-sns-message-type'];
    expectTypeOf<MessageType>().toEqualTypeOf<'SubscriptionConfirmation' | 'Notification'>();
  });
});

describe('helpers', () => {
  it('createEventsClient takes retry settings, false, and a time-out', () => {
    createEventsClient({ baseUrl: 'http://127.0.0.1:8080/v7/event', token: 'tok', retry: false, timeoutMs: false });
    createEventsClient({
      baseUrl: 'http://127.0.0.1:8080/v7/event',
      token: 'tok',
      retry: {
        maxAttempts: 5,
        baseDelayMs: 100,
        maxDelayMs: 10_000,
        onRetry: ({ attempt, delayMs }) => void [attempt, delayMs],
      },
      timeoutMs: 20_000,
    });
    // @ts-expect-error retries are on by default; `true` is not a setting
    createEventsClient({ baseUrl: 'http://127.0.0.1:8080/v7/event', token: 'tok', retry: true });
  });

  it('pollUpdates yields typed pages, pollUpdateRows typed rows', async () => {
    const pages = pollUpdates(client, {
      cursor: 10,
      filters: { swa_code: '7001', workstream_prefix: ['001'], page_size: 250 },
    });
    expectTypeOf(pages).toEqualTypeOf<AsyncGenerator<UpdatesPage, void, undefined>>();
    for await (const page of pages) {
      expectTypeOf(page.rows).toEqualTypeOf<WorkUpdateSummary[]>();
      expectTypeOf(page.cursor).toEqualTypeOf<number | undefined>();
    }
    for await (const row of pollUpdateRows(client, { onCursor: (cursor: number) => Promise.resolve(void cursor) })) {
      expectTypeOf(row).toEqualTypeOf<WorkUpdateSummary>();
    }
    // @ts-expect-error the cursor is an option of its own, not a filter
    pollUpdates(client, { filters: { update_id: 10 } });
    // @ts-expect-error page_size is a number
    pollUpdates(client, { filters: { page_size: 'ten' } });
  });

  it('searchPermits yields permit summaries; collectPermits gathers them', async () => {
    for await (const permit of searchPermits(client, { workReferenceNumbers: new Set(['NW7001000123456']) })) {
      expectTypeOf(permit).toEqualTypeOf<PermitSummaryResponse>();
    }
    expectTypeOf(collectPermits(client, { pageSize: 500 })).toEqualTypeOf<Promise<PermitSummaryResponse[]>>();
    // @ts-expect-error references are strings
    searchPermits(client, { workReferenceNumbers: [1045874] });
  });

  it("unwrap resolves to the call's data type", () => {
    expectTypeOf(unwrap(client.GET('/works/updates'))).toEqualTypeOf<Promise<WorkUpdateResponse>>();
    expectTypeOf(unwrap(client.GET('/api-notifications/subscriptions'))).toEqualTypeOf<
      Promise<GetSubscriptionsResponse[]>
    >();
    expectTypeOf(unwrap(client.POST('/api-notifications/unsubscribe', { body: {} }))).toEqualTypeOf<
      Promise<undefined>
    >();
  });

  it('the errors carry typed fields', () => {
    const error = new RateLimitError({ status: 429, body: undefined, headers: new Headers() });
    expectTypeOf(error).toExtend<EventsApiError>();
    expectTypeOf(error.status).toEqualTypeOf<number>();
    expectTypeOf(error.code).toEqualTypeOf<string>();
    expectTypeOf(error.body).toEqualTypeOf<ErrorResponse | undefined>();
    expectTypeOf(error.requestId).toEqualTypeOf<string | undefined>();
    expectTypeOf(error.retryAfterMs).toEqualTypeOf<number | undefined>();
  });

  it('the receiver hands typed notifications and plugs into node:http', () => {
    const receiver = createWebhookReceiver({
      serviceUrl: 'https://events.example/v7/event',
      onNotification: (notification) => {
        expectTypeOf(notification).toEqualTypeOf<ReceivedNotification>();
        expectTypeOf(notification.payload).toEqualTypeOf<NotificationPayload>();
        expectTypeOf(notification.payload.event_type).toEqualTypeOf<AuditEventType>();
      },
      onSubscriptionConfirmation: (message) => {
        expectTypeOf(message).toEqualTypeOf<SubscriptionConfirmationMessage>();
      },
    });
    expectTypeOf<typeof receiver.handle>().toEqualTypeOf<(request: Request) => Promise<Response>>();
    const handle = toNodeHandler(receiver);
    createServer((req, res) => void handle(req, res));
    // @ts-expect-error the service's URL is required: it decides where keys come from and what may be confirmed
    createWebhookReceiver({ onNotification: () => {} });
    expectTypeOf(verifyWebhookSignature).returns.toEqualTypeOf<Promise<SignatureCheck>>();
  });
});

describe('the testing fake', () => {
  type Ok<Id extends 'getWorkUpdates' | 'searchPermits' | 'getSubscriptions'> =
    operations[Id]['responses'][200]['content']['application/json'];

  it('holds what it answers in the types the document gives the answers', () => {
    expectTypeOf<FakeEventsState['updates']>().toEqualTypeOf<Ok<'getWorkUpdates'>['rows']>();
    expectTypeOf<FakeEventsState['permits']>().toEqualTypeOf<Ok<'searchPermits'>['rows']>();
    expectTypeOf<FakeEventsState['subscriptions']>().toEqualTypeOf<Ok<'getSubscriptions'>>();
  });

  it('a row of the wrong shape does not compile', () => {
    const state = {} as FakeEventsState;
    // @ts-expect-error update_id is a number
    state.updates.push({ ...state.updates[0]!, update_id: '1' });
    // @ts-expect-error a subscription has no such field
    state.subscriptions.push({ ...state.subscriptions[0]!, confirmed: true });
  });
});
