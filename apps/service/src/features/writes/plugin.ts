/**
 * The internal operator API: one route per write operation of the event source, for the
 * Operator role only (the operator document, `@street-events/openapi/operator`, lists them; `@street-events/types/operator` types them).
 * Each route validates the request against the operator document, calls the library function with the operator as acting user
 * (and the internal user fields of the request), and answers the references it created with the
 * events the operation recorded.
 */
import type { FastifyPluginCallback } from 'fastify';
import type { operations } from '@street-events/types/operator';
import { addContract, removeContract } from '../../events/contracts.js';
import type { Caller } from '../../directory/caller.js';
import type { Clock } from '../../shared/clock.js';
import type { Database } from '../../db/database.js';
import type { OpeningEventType, WorkObjectType } from '../../domain/work-object-lifecycles.js';
import { decideChangeRequest, submitChangeRequest } from '../../events/change-requests.js';
import { transitionPermit } from '../../events/permits.js';
import { actorOf, type ActorFields, type WriteOptions } from '../../events/record-events.js';
import { recordedEvents } from '../../events/recorded-events.js';
import { endQuarter } from '../../events/sample-inspection-quarters.js';
import { advanceWorkObject, openWorkObject } from '../../events/work-objects.js';
import { submitWork } from '../../events/works.js';
import { serveOperatorDocument } from '../../http/interface.js';
import type { Handler, Handlers, Input, Success } from '../../http/serve-document.js';

/** An answer the document declares for a write, but the events it recorded (`recorded` adds them). */
type Unrecorded<Answer> = Answer extends { status: infer Status; body: infer Body }
  ? { status: Status; body: Omit<Body, 'events'> }
  : never;

/** A write: what it created (answered with the events it recorded), given the operator as acting user. */
export type Write<Id extends keyof operations> = (
  input: Input<operations[Id]>,
  write: WriteOptions,
) => Promise<Unrecorded<Success<operations[Id]>>>;

/** The operator as acting user, with the internal user fields of the request (body or query). */
function writeOptions(caller: Caller, fields: ActorFields, clock: Clock | undefined, eventIds: number[]): WriteOptions {
  return {
    actor: actorOf(caller, fields),
    now: clock,
    onRecorded: (ids) => eventIds.push(...ids),
  };
}

/** The handler of a write: it runs with the request's acting user, and answers the events it recorded too. */
export const recorded =
  (db: Database, clock: Clock | undefined) =>
  <Id extends keyof operations>(write: Write<Id>): Handler<operations[Id]> =>
  async (input) => {
    const eventIds: number[] = [];
    const fields = { ...(input.query as ActorFields), ...(input.body as ActorFields | undefined) };
    const result = await write(input, writeOptions(input.caller, fields, clock, eventIds));
    const body = { ...result.body, events: await recordedEvents(db, eventIds) };
    return { status: result.status, body } as Awaited<ReturnType<Handler<operations[Id]>>>;
  };

function handlers(db: Database, clock: Clock | undefined): Handlers<operations> {
  const write = recorded(db, clock);
  return {
    submitWork: write<'submitWork'>(async ({ body }, write) => {
      const created = await submitWork(db, body, write);
      return {
        status: 201,
        body: {
          work_reference_number: created.workReferenceNumber,
          permit_reference_number: created.permitReferenceNumber,
        },
      };
    }),

    transitionPermit: write<'transitionPermit'>(async ({ params, body }, write) => {
      const permitReferenceNumber = params.permit_reference_number;
      await transitionPermit(db, { permitReferenceNumber, eventType: body.event_type }, write);
      return { status: 200, body: { permit_reference_number: permitReferenceNumber } };
    }),

    submitChangeRequest: write<'submitChangeRequest'>(async ({ params, body }, write) => {
      const { reference } = await submitChangeRequest(db, params.permit_reference_number, body, write);
      return { status: 201, body: { reference } };
    }),

    decideChangeRequest: write<'decideChangeRequest'>(async ({ params, body }, write) => {
      const { reference } = params;
      await decideChangeRequest(db, { reference, decision: body.decision }, write);
      return { status: 200, body: { reference } };
    }),

    openWorkObject: write<'openWorkObject'>(async ({ params, body: opening }, write) => {
      const { reference } = await openWorkObject(
        db,
        {
          workReferenceNumber: params.work_reference_number,
          objectType: opening.object_type,
          eventType: opening.event_type as OpeningEventType<WorkObjectType>,
        },
        write,
      );
      return { status: 201, body: { reference } };
    }),

    advanceWorkObject: write<'advanceWorkObject'>(async ({ params, body }, write) => {
      const { reference } = params;
      await advanceWorkObject(db, { reference, eventType: body.event_type }, write);
      return { status: 200, body: { reference } };
    }),

    endQuarter: write<'endQuarter'>(async ({ body }, write) => {
      const { expired } = await endQuarter(db, body, write);
      return { status: 200, body: { quarter: body.quarter, expired } };
    }),

    addContract: write<'addContract'>(async ({ body: parties }, write) => {
      await addContract(db, parties, write);
      return { status: 201, body: { contractor: parties.contractor, promoter: parties.promoter } };
    }),

    removeContract: write<'removeContract'>(async ({ params }, write) => {
      const parties = { contractor: params.contractor, promoter: params.promoter };
      await removeContract(db, parties, write);
      return { status: 200, body: parties };
    }),
  };
}

/**
 * The write operations of the operator document (tag `events`; the message log's are message-log.ts,
 * and `triggerEvent` is the sandbox's, src/sandbox/routes.ts), in a scope of their own whose validators are compiled from that
 * document; errors go through the app's error handler.
 */
export const writeRoutes: FastifyPluginCallback<{ db: Database; clock?: Clock }> = (app, options, done) => {
  serveOperatorDocument(app, handlers(options.db, options.clock));
  done();
};
