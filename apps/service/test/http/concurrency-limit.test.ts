import { describe, expect, test } from 'vitest';
import { concurrencyLimit, perKeyLimit } from '../../src/http/concurrency-limit.js';

/** A call that runs until `finish()` is called, counting how many run together. */
function gate(counter: { running: number; most: number }) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const call = async () => {
    counter.running += 1;
    counter.most = Math.max(counter.most, counter.running);
    await done;
    counter.running -= 1;
  };
  return { call, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('concurrencyLimit', () => {
  test('runs at most the limit at once; the others start as slots free, first come first served', async () => {
    const limit = concurrencyLimit(2);
    const counter = { running: 0, most: 0 };
    const gates = Array.from({ length: 5 }, () => gate(counter));
    const started: number[] = [];
    const runs = gates.map((entry, index) => limit(async () => (started.push(index), entry.call())));
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const entry of gates) entry.finish();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(counter.most).toBe(2);
  });

  test('a call that fails frees its slot and passes its error on', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(limit(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  test('with maxWaiting, a call beyond the running and the waiting ones is refused at once and never runs', async () => {
    const limit = concurrencyLimit(2, { maxWaiting: 1, refuse: () => new Error('busy') });
    const counter = { running: 0, most: 0 };
    const gates = Array.from({ length: 3 }, () => gate(counter));
    const runs = gates.map((entry) => limit(entry.call));
    let ranBeyond = false;
    await expect(limit(() => Promise.resolve((ranBeyond = true)))).rejects.toThrow('busy');
    for (const entry of gates) entry.finish();
    await Promise.all(runs);
    expect([ranBeyond, counter.most]).toEqual([false, 2]);
    await expect(limit(() => Promise.resolve('room again'))).resolves.toBe('room again');
  });

  test("a call still waiting at its deadline is not run, fails with the deadline's error, and leaves the queue", async () => {
    const limit = concurrencyLimit(1);
    const counter = { running: 0, most: 0 };
    const holder = gate(counter);
    const held = limit(holder.call);
    let ran = false;
    const expired = new Error('waited too long');
    const late = limit(() => Promise.resolve(void (ran = true)), { at: Date.now(), expired: () => expired });
    await expect(late).rejects.toBe(expired);
    const next = limit(() => Promise.resolve('next'));
    holder.finish();
    await held;
    await expect(next).resolves.toBe('next');
    expect(ran).toBe(false);
  });

  test.each([0, -1, 1.5])('a limit of %s is refused', (value) => {
    expect(() => concurrencyLimit(value)).toThrow(RangeError);
  });
});

describe('perKeyLimit', () => {
  test('each key holds at most the limit; past it a slot is refused at once', () => {
    const slots = perKeyLimit(2);
    const first = slots.take('a');
    const second = slots.take('a');
    expect(first).toBeTypeOf('function');
    expect(second).toBeTypeOf('function');
    expect(slots.take('a')).toBeUndefined();
    expect(slots.take('b')).toBeTypeOf('function');
  });

  test('a slot given back can be taken again, and giving it back twice frees one slot only', () => {
    const slots = perKeyLimit(1);
    const release = slots.take(7)!;
    release();
    release();
    expect(slots.held(7)).toBe(0);
    expect(slots.take(7)).toBeTypeOf('function');
    expect(slots.take(7)).toBeUndefined();
  });
});
