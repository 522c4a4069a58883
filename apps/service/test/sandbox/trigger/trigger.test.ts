/**
 * `POST /internal/trigger` brings about every kind of event of the interface for an organisation:
 * each answer is checked against the internal document, each event's polling row against the
 * interface document (`GET /v7/event/works/updates`), and the notification its organisation's
 * subscription would be sent (built and signed by the delivery worker's own stage) against the
 * document's `NotificationMessage` and `NotificationPayload`. One sandbox per backend serves every test.
 */
import { enumerations, type NotificationMessage, type NotificationPayload } from '@street-events/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authenticate } from '../../../src/directory/tokens.js';
import type { Database } from '../../../src/db/database.js';
import { SigningMaterial } from '../../../src/deliveries/messages/build.js';
import { claimDue } from '../../../src/deliveries/queue/claim.js';
import { markDelivered, type AttemptedClaim } from '../../../src/deliveries/queue/settle.js';
import type { components } from '@street-events/types/operator';
import type { components as interfaceComponents } from '@street-events/types';
import { confirmSubscription } from '../../../src/features/notifications/confirmation.js';
import { subscribe } from '../../../src/features/notifications/subscribe.js';
import { seedSandbox, type SandboxUser } from '../../../src/sandbox/seed/sandbox.js';
import { describeEachDatabase } from '../../support/databases.js';
import { documentSchema, startService, type RunningService } from '../../support/http.js';
import { confirmationTokenOf, loopbackPolicy } from '../../features/notifications/harness.js';
import { sandboxLayer } from '../../../src/sandbox/layer.js';

type RecordedEvent = components['schemas']['InternalRecordedEvent'];
type ErrorResponse = components['schemas']['ErrorResponse'];
interface TriggerAnswer {
  work_reference_number: string | null;
  events: RecordedEvent[];
}

const notificationMessage = documentSchema<NotificationMessage>('NotificationMessage');
const notificationPayload = documentSchema<NotificationPayload>('NotificationPayload');
const actor = { internal_user_identifier: 'EMP-0042', internal_user_name: 'Alex Operator' };
/** The sandbox promoter every kind is triggered for. */
const promoter = { name: 'Northern Water', swaCode: '7001' };

/** Events the interface records after the asked-for one, in the same operation. */
const followedBy: Partial<Record<string, string>> = { sample_inspection_expired: 'sample_inspection_quarter_ended' };

/** Delivers every due notification as the worker would (claimed, built and signed, settled); returns the messages. */
async function deliverDue(db: Database, material: SigningMaterial): Promise<NotificationMessage[]> {
  const messages: NotificationMessage[] = [];
  for (;;) {
    // A second ahead: the database's clock has microseconds, a Date only milliseconds.
    const now = new Date(Date.now() + 1000);
    const lease = new Date(now.getTime() + 60_000);
    const claimed = await claimDue(db, 500, now, lease);
    if (claimed.length === 0) return messages;
    const claims: AttemptedClaim[] = [];
    for (const delivery of claimed) {
      const request = await material.request(delivery, () => now);
      if (delivery.kind === 'notification') messages.push(JSON.parse(request.body) as NotificationMessage);
      const observed = { outcome: 'delivered' as const, status: 200, latencyMs: 1, responseExcerpt: '' };
      claims.push({ id: delivery.id, lease, entry: { delivery, attemptedAt: now, request, observed } });
    }
    await markDelivered(db, claims);
  }
}

describeEachDatabase('triggering events', (database) => {
  let service: RunningService;
  let users: SandboxUser[];
  let material: SigningMaterial;
  const tokenOf = (username: string) => users.find((user) => user.username === username)!.token;

  beforeAll(async () => {
    const { db } = database;
    ({ users } = await seedSandbox(db, { events: 0 }));
    service = await startService({ db, layer: sandboxLayer({ db, users }) });
    const planner = await authenticate(db, tokenOf('nw.planner'));
    const { subscription_reference_number: reference } = await subscribe(
      db,
      planner!,
      { api_endpoint: 'http://127.0.0.1:9/notifications' },
      { policy: loopbackPolicy, publicBaseUrl: () => service.baseUrl },
    );
    await confirmSubscription(db, await confirmationTokenOf(db, reference));
    material = await SigningMaterial.load(db, '1', console);
    await deliverDue(db, material);
  }, 60_000);
  afterAll(() => service?.close());

  async function trigger(body: Record<string, unknown>, token = tokenOf('operator')) {
    return service.internalRequest<TriggerAnswer & ErrorResponse>('POST', '/trigger', { token, body });
  }

  /** The polling rows of the promoter's planner from just before the event. */
  async function polledFrom(event: RecordedEvent) {
    const response = await service.request<interfaceComponents['schemas']['WorkUpdateResponse']>(
      'GET',
      '/works/updates',
      {
        token: tokenOf('nw.planner'),
        query: { update_id: event.update_id - 1, page_size: 1 },
      },
    );
    expect(response.status).toBe(200);
    return response.body.rows;
  }

  it.each(enumerations.AuditEventType.values.map((eventType) => [eventType]))(
    '%s is recorded last, polled and notified as the documents describe',
    async (eventType) => {
      const response = await trigger({ event_type: eventType, organisation: promoter.swaCode, ...actor });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const { events, work_reference_number: work } = response.body;
      const expectedLast = followedBy[eventType] ?? eventType;
      expect(events.at(-1)?.event_type).toBe(expectedLast);
      const event = events.findLast((candidate) => candidate.event_type === eventType)!;
      expect(events.map((recorded) => recorded.update_id)).toEqual(
        [...events.map((recorded) => recorded.update_id)].sort((a, b) => a - b),
      );

      const notified = (await deliverDue(database.db, material)).filter(
        (message) => (JSON.parse(message.Message) as NotificationPayload).update_id === event.update_id,
      );
      expect(notified).toHaveLength(1);
      expect(notificationMessage(notified[0]) ? [] : notificationMessage.errors).toEqual([]);
      const payload = JSON.parse(notified[0]!.Message) as NotificationPayload;
      expect(notificationPayload(payload) ? [] : notificationPayload.errors).toEqual([]);
      expect(payload).toMatchObject({
        event_type: eventType,
        object_type: event.object_type,
        object_reference_number: event.object_reference_number,
        parent_object_reference_number: event.parent_object_reference_number,
        promoter_swa_code: promoter.swaCode,
        ...actor,
      });

      const polled = await polledFrom(event);
      if (payload.work_reference_number === null) {
        // Organisation-level events are notified, not polled.
        expect(polled.filter((row) => row.update_id === event.update_id)).toEqual([]);
      } else {
        expect(payload.work_reference_number).toBe(work);
        expect(polled).toEqual([
          expect.objectContaining({
            update_id: event.update_id,
            work_reference_number: work,
            event_type: eventType,
            object_type: event.object_type,
            object_reference_number: event.object_reference_number,
            parent_object_reference_number: event.parent_object_reference_number,
          }),
        ]);
      }
    },
  );

  it('refuses callers without the Operator role: 403 for a planner, 401 without a token', async () => {
    const body = { event_type: 'permit_granted', organisation: promoter.swaCode };
    expect((await trigger(body, tokenOf('nw.planner'))).status).toBe(403);
    expect((await trigger(body, tokenOf('4720.highways'))).status).toBe(403);
    const anonymous = await service.internalRequest('POST', '/trigger', { body });
    expect(anonymous.status).toBe(401);
  });

  it('outside the sandbox the operation is not served: 404 with the error body, for the Operator too', async () => {
    const production = await startService({ db: database.db });
    try {
      const body = { event_type: 'permit_granted', organisation: promoter.swaCode };
      const answer = await production.internalRequest<ErrorResponse>('POST', '/trigger', {
        token: tokenOf('operator'),
        body,
      });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    } finally {
      await production.close();
    }
  });

  it('an unknown organisation is 404', async () => {
    const response = await trigger({ event_type: 'permit_granted', organisation: 'Nobody Water' });
    expect(response.status).toBe(404);
    expect(response.body.message).toContain('Nobody Water');
  });

  it('a work of another organisation is 404', async () => {
    const theirs = await trigger({ event_type: 'permit_submitted', organisation: '7002' });
    const response = await trigger({
      event_type: 'permit_granted',
      organisation: promoter.swaCode,
      work_reference_number: theirs.body.work_reference_number,
    });
    expect(response.status).toBe(404);
  });

  it('a work named for a kind that creates its own (a works record), or has none, is 400 naming work_reference_number', async () => {
    const { work_reference_number: work } = (await trigger({ event_type: 'permit_submitted', organisation: '7001' }))
      .body;
    for (const eventType of ['planned_works_record_created', 'organisation_updated']) {
      const response = await trigger({ event_type: eventType, organisation: '7001', work_reference_number: work });
      expect(response.status, eventType).toBe(400);
      expect(response.body.error.details).toContainEqual(expect.objectContaining({ field: 'work_reference_number' }));
    }
  });

  it('an organisation-level kind of another kind of organisation is 400 naming organisation', async () => {
    const response = await trigger({ event_type: 'workstream_created', organisation: '4720' });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ field: 'organisation' }));
  });

  it('an event the named work cannot take is 409', async () => {
    const refused = await trigger({ event_type: 'permit_refused', organisation: '7001' });
    const response = await trigger({
      event_type: 'permit_granted',
      organisation: '7001',
      work_reference_number: refused.body.work_reference_number,
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('refused');
  });

  it('upcoming_event, the placeholder of later kinds, is 400 naming event_type', async () => {
    const response = await trigger({ event_type: 'upcoming_event', organisation: '7001' });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(expect.objectContaining({ field: 'event_type', rule: 'enum' }));
  });

  it('a named work is acted on: its open FPN is paid', async () => {
    const submitted = await trigger({ event_type: 'fpn_submitted', organisation: '4720' });
    const work = submitted.body.work_reference_number!;
    const paid = await trigger({ event_type: 'fpn_paid', organisation: '4720', work_reference_number: work });
    expect(paid.status).toBe(201);
    expect(paid.body.work_reference_number).toBe(work);
    expect(
      paid.body.events.map(({ event_type, object_reference_number }) => [event_type, object_reference_number]),
    ).toEqual([['fpn_paid', `${work}-FPN01`]]);
  });

  it('an immediate permit started at creation: permit_submitted, then work_start_logged, same time, rising ids, notified in that order', async () => {
    const response = await trigger({ event_type: 'work_start_logged', organisation: '7001' });
    const { events, work_reference_number: work } = response.body;
    expect(events.map((event) => [event.event_type, event.object_reference_number])).toEqual([
      ['permit_submitted', `${work}-01`],
      ['work_start_logged', `${work}-01`],
    ]);
    const [submitted, started] = events as [RecordedEvent, RecordedEvent];
    expect(started.update_date_time).toBe(submitted.update_date_time);
    expect(started.update_id).toBeGreaterThan(submitted.update_id);
    const notified = (await deliverDue(database.db, material)).map(
      (message) => JSON.parse(message.Message) as NotificationPayload,
    );
    expect(
      notified.filter((payload) => payload.work_reference_number === work).map((payload) => payload.event_type),
    ).toEqual(['permit_submitted', 'work_start_logged']);
  });

  it('cancelling a named permit that holds ancillary information records ancillary_info_removed after permit_cancelled', async () => {
    const added = await trigger({ event_type: 'ancillary_info_added', organisation: '7001' });
    const cancelled = await trigger({
      event_type: 'permit_cancelled',
      organisation: '7001',
      work_reference_number: added.body.work_reference_number,
    });
    expect(cancelled.body.events.map((event) => event.event_type)).toEqual([
      'permit_cancelled',
      'ancillary_info_removed',
    ]);
  });

  it('a contractor triggers on the works of a promoter it is contracted to', async () => {
    const response = await trigger({ event_type: 'inspection_failed', organisation: 'Kirkstall Civils Ltd' });
    expect(response.status).toBe(201);
    expect(response.body.work_reference_number).toMatch(/^(NW7001|PG7002)/);
  });

  /** The permits of the work, as its promoter's planner finds them through permit search. */
  async function permitsOf(work: string) {
    const response = await service.request<interfaceComponents['schemas']['PermitSearchReportingResponse']>(
      'POST',
      '/permits/search',
      { token: tokenOf('nw.planner'), body: { work_reference_numbers: [work] } },
    );
    expect(response.status).toBe(200);
    return response.body.rows;
  }

  it('the values given go on the permit it submits, as permit search shows it', async () => {
    const values = {
      work_category: 'standard',
      traffic_management_type: 'road_closure',
      activity_type: 'utility_repair_and_maintenance_works',
      description_of_work: 'Replace a hydrant',
      proposed_start_date: '2031-05-12T08:00:00.000Z',
      proposed_end_date: '2031-05-16T17:00:00.000Z',
    };
    const response = await trigger({ event_type: 'permit_granted', organisation: promoter.swaCode, values });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const [permit] = await permitsOf(response.body.work_reference_number!);
    expect(permit).toMatchObject({ ...values, status: 'granted' });
  });

  it('a start given alone moves the end with it', async () => {
    const values = { work_category: 'minor', proposed_start_date: '2031-06-02T08:00:00.000Z' } as const;
    const response = await trigger({ event_type: 'permit_submitted', organisation: promoter.swaCode, values });
    const [permit] = await permitsOf(response.body.work_reference_number!);
    expect(permit!.proposed_start_date).toBe(values.proposed_start_date);
    expect(Date.parse(permit!.proposed_end_date)).toBeGreaterThan(Date.parse(values.proposed_start_date));
  });

  it('a work started on a permit of a category that is not immediate is granted first', async () => {
    const response = await trigger({
      event_type: 'work_start_logged',
      organisation: promoter.swaCode,
      values: { work_category: 'minor' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.events.map((event) => event.event_type)).toEqual([
      'permit_submitted',
      'permit_granted',
      'work_start_logged',
    ]);
  });

  it('a value the document does not allow is 400 naming it', async () => {
    const response = await trigger({
      event_type: 'permit_submitted',
      organisation: promoter.swaCode,
      values: { work_category: 'gigantic' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toContainEqual(
      expect.objectContaining({ field: 'values.work_category', rule: 'enum' }),
    );
  });

  it('values where the trigger submits no permit are 400 naming each one', async () => {
    const work = (await trigger({ event_type: 'fpn_submitted', organisation: promoter.swaCode })).body
      .work_reference_number;
    const values = { work_category: 'minor', traffic_management_type: 'road_closure' };
    for (const body of [
      { event_type: 'organisation_updated', organisation: promoter.swaCode, values },
      { event_type: 'planned_works_record_created', organisation: promoter.swaCode, values },
      { event_type: 'fpn_paid', organisation: promoter.swaCode, work_reference_number: work, values },
    ]) {
      const response = await trigger(body);
      expect(response.status, body.event_type).toBe(400);
      expect(response.body.error.details).toEqual([
        expect.objectContaining({ field: 'values.work_category', rule: 'additionalProperties' }),
        expect.objectContaining({ field: 'values.traffic_management_type', rule: 'additionalProperties' }),
      ]);
    }
  });

  it('permit_submitted on a named work whose permit was refused submits it again, with the values given', async () => {
    const refused = await trigger({ event_type: 'permit_refused', organisation: promoter.swaCode });
    const work = refused.body.work_reference_number!;
    const again = await trigger({
      event_type: 'permit_submitted',
      organisation: promoter.swaCode,
      work_reference_number: work,
      values: { traffic_management_type: 'stop_go_boards' },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.events.map((event) => [event.event_type, event.object_reference_number])).toEqual([
      ['permit_submitted', `${work}-02`],
    ]);
    const permits = await permitsOf(work);
    expect(permits.map((permit) => [permit.permit_reference_number, permit.status])).toEqual([
      [`${work}-01`, 'refused'],
      [`${work}-02`, 'submitted'],
    ]);
    expect(permits[1]!.traffic_management_type).toBe('stop_go_boards');
  });

  it('permit_submitted on a named work whose permit is not refused is 409', async () => {
    const granted = await trigger({ event_type: 'permit_granted', organisation: promoter.swaCode });
    const response = await trigger({
      event_type: 'permit_submitted',
      organisation: promoter.swaCode,
      work_reference_number: granted.body.work_reference_number,
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('granted');
  });
});
