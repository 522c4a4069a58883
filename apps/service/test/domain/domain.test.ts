import { describe, expect, test } from 'vitest';
import { enumerations } from '@street-events/types';
import { textOf, valuesOf } from '../../src/shared/enums.js';
import {
  applyPermitEvent,
  permitEventRefusal,
  submittedPermit,
  type PermitApplication,
} from '../../src/domain/permits.js';
import { quarterBounds, quarterOf } from '../../src/domain/quarters.js';
import { openingStatus, transitionedStatus, workObjectLifecycles } from '../../src/domain/work-object-lifecycles.js';
import { ConflictError, ValidationError } from '../../src/shared/errors.js';
import { seededRandom } from '../../src/sandbox/simulation/random.js';
import { nextActivity } from '../../src/sandbox/simulation/activities.js';

const application: PermitApplication = {
  description_of_work: 'Repair a gas escape',
  work_category: 'minor',
  traffic_management_type: 'give_and_take',
  activity_type: 'utility_repair_and_maintenance_works',
  proposed_start_date: '2031-06-02T08:00:00Z',
  proposed_end_date: '2031-06-03T17:00:00Z',
};
const at = new Date('2031-05-28T12:00:00Z');

describe('enumerations', () => {
  test.each((Object.keys(enumerations) as (keyof typeof enumerations)[]).filter((name) => name !== 'ErrorCode'))(
    'every stored value of %s has a capitalised text',
    (name) => {
      for (const value of valuesOf(name)) expect(textOf(name, value), value).toMatch(/^[A-Z]\S*( \S+)*$/);
    },
  );

  test('stored values leave out the response-only placeholders', () => {
    expect(valuesOf('AuditEventType')).not.toContain(enumerations.AuditEventType.placeholder);
    expect(valuesOf('WorkCategoryResponse')).not.toContain(enumerations.WorkCategoryResponse.placeholder);
  });
});

describe('permits', () => {
  test('a submitted permit is planned, active and due for assessment by its category’s deadline', () => {
    const { permit, events } = submittedPermit(application, at);
    expect(events).toEqual(['permit_submitted']);
    expect(permit).toMatchObject({ status: 'submitted', workStatus: 'planned', isActivePermit: true, dateCreated: at });
    expect(permit.deadlineDate).toEqual(new Date('2031-05-31T12:00:00Z'));
  });

  test('a provisional advance authorisation is due to become a permit application a month before the start', () => {
    const { permit } = submittedPermit({ ...application, work_category: 'paa' }, at);
    expect(permit.paaToPaDeadlineDate).toEqual(new Date('2031-05-03T08:00:00Z'));
  });

  test('an application ending before it starts is invalid', () => {
    expect(() => submittedPermit({ ...application, proposed_end_date: '2031-06-01T00:00:00Z' }, at)).toThrow(
      ValidationError,
    );
  });

  test('a refused event explains why, and applying it is a conflict', () => {
    const { permit } = submittedPermit(application, at);
    expect(permitEventRefusal(permit, 'work_start_logged')).toBe('the permit is submitted');
    expect(() => applyPermitEvent(permit, 'work_start_logged', at)).toThrow(ConflictError);
  });
});

describe('work object lifecycles', () => {
  test('every transition leads from and to statuses the lifecycle can reach', () => {
    for (const [type, lifecycle] of Object.entries(workObjectLifecycles)) {
      const transitions: Record<string, { readonly from: readonly string[]; readonly to?: string }> =
        lifecycle.transitions;
      const reachable = new Set<string>(Object.values(lifecycle.opening));
      for (const transition of Object.values(transitions)) if (transition.to) reachable.add(transition.to);
      for (const transition of Object.values(transitions)) {
        for (const from of transition.from) expect(reachable.has(from), `${type}: ${from}`).toBe(true);
      }
    }
  });

  test('opening and moving on follow the table', () => {
    expect(openingStatus('fpn', 'fpn_submitted')).toBe('submitted');
    expect(transitionedStatus('fpn', 'submitted', 'fpn_paid')).toBe('paid');
    expect(() => openingStatus('fpn', 'fpn_paid')).toThrow(ValidationError);
    expect(() => transitionedStatus('fpn', 'paid', 'fpn_disputed')).toThrow(ConflictError);
  });

  test('an event noted on a record leaves it in its status', () => {
    expect(transitionedStatus('forward_plan', 'submitted', 'forward_plan_edited')).toBe('submitted');
    expect(() => transitionedStatus('forward_plan', 'cancelled', 'forward_plan_edited')).toThrow(ConflictError);
  });
});

describe('quarters', () => {
  test.each([
    ['2031-01-01T00:00:00Z', '2031-Q1'],
    ['2031-03-31T23:59:59Z', '2031-Q1'],
    ['2031-04-01T00:00:00Z', '2031-Q2'],
    ['2031-12-31T12:00:00Z', '2031-Q4'],
  ])('%s is in %s', (moment, quarter) => {
    expect(quarterOf(new Date(moment))).toBe(quarter);
  });

  test('a quarter’s bounds are its first instant and the first instant after it', () => {
    expect(quarterBounds('2031-Q4')).toEqual({
      start: new Date('2031-10-01T00:00:00Z'),
      end: new Date('2032-01-01T00:00:00Z'),
    });
    expect(() => quarterBounds('2031-Q5')).toThrow(ValidationError);
  });
});

test('the activity model only proposes what a permit’s state allows', () => {
  const random = seededRandom(1);
  const { permit } = submittedPermit(application, at);
  for (let n = 0; n < 200; n++) {
    const activity = nextActivity({ permit: { ...permit }, records: [], pendingChangeRequest: null }, random);
    if (activity.kind === 'permit') expect(permitEventRefusal(permit, activity.eventType)).toBeNull();
    expect(activity.kind).not.toBe('done');
  }
});

test('the live simulation neither starts nor stops a work before its proposed start, and starts it once the date has come', () => {
  const random = seededRandom(2);
  const { permit } = submittedPermit(application, at);
  const granted = { ...permit, ...applyPermitEvent(permit, 'permit_granted', at).changes };
  const inProgress = { ...granted, ...applyPermitEvent(granted, 'work_start_logged', at).changes };
  const snapshot = (state: typeof permit) => ({ permit: state, records: [], pendingChangeRequest: null });
  const drawn = (state: typeof permit, now: Date) =>
    Array.from({ length: 300 }, () => nextActivity(snapshot(state), random, now)).flatMap((activity) =>
      activity.kind === 'permit' ? [activity.eventType] : [],
    );
  const early = [...drawn(granted, at), ...drawn(inProgress, at)];
  expect(early).not.toContain('work_start_logged');
  expect(early).not.toContain('work_stop_logged');
  expect(drawn(granted, new Date(application.proposed_start_date))).toContain('work_start_logged');
});
