/** The source of "now" for everything where time matters; tests inject a fixed one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Milliseconds in each unit a duration is written in. */
export const durationUnitsMs = { ms: 1, s: 1e3, m: 6e4, h: 36e5, d: 864e5, w: 6048e5 } as const;

/**
 * A duration written as a whole number and a unit (`500ms`, `2s`, `49h`, `8d`, `1w`), in
 * milliseconds; the patterns of the documents that take one say which units they allow.
 */
export function durationMs(text: string): number {
  const [, amount, unit] = /^(\d+)(ms|s|m|h|d|w)$/.exec(text) ?? [];
  if (amount === undefined || unit === undefined) throw new Error(`not a duration: ${text}`);
  return Number(amount) * durationUnitsMs[unit as keyof typeof durationUnitsMs];
}
