/** The source of "now" for everything where time matters; tests inject a fixed one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
