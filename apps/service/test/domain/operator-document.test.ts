/**
 * The operator document lists the events each write operation takes; the domain's lifecycles
 * decide what each event does. Both must name the same events, so that every value the document
 * admits has a rule and every rule can be reached.
 */
import { enumerations } from '@street-events/types/operator';
import { expect, it } from 'vitest';
import { permitEventTypes } from '../../src/domain/permits.js';
import { workObjectLifecycles } from '../../src/domain/work-object-lifecycles.js';

const lifecycles = Object.values(workObjectLifecycles);
const sorted = (values: readonly string[]) => [...new Set(values)].sort();

it("the permit events the document admits are the permit lifecycle's", () => {
  expect(sorted(enumerations.PermitTransitionEventType.values)).toEqual(sorted(permitEventTypes));
});

it('the kinds of record the document admits are those with a lifecycle', () => {
  expect(sorted(enumerations.WorkObjectType.values)).toEqual(sorted(Object.keys(workObjectLifecycles)));
});

it("the events that create a record are the lifecycles' openings", () => {
  const openings = lifecycles.flatMap((lifecycle) => Object.keys(lifecycle.opening));
  expect(sorted(enumerations.ObjectOpeningEventType.values)).toEqual(sorted(openings));
});

it("the events that move a record on are the lifecycles' transitions", () => {
  const transitions = lifecycles.flatMap((lifecycle) => Object.keys(lifecycle.transitions));
  expect(sorted(enumerations.ObjectTransitionEventType.values)).toEqual(sorted(transitions));
});
