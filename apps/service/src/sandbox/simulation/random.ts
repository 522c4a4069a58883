/** A small seeded random source, so that a seed is reproducible. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [min, max]. */
  integer(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** One of the keys, with probability proportional to its weight. */
  weighted<T>(options: readonly (readonly [T, number])[]): T;
}

/** mulberry32 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('nothing to pick from');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (options) => {
      const total = options.reduce((sum, [, weight]) => sum + weight, 0);
      let point = next() * total;
      for (const [option, weight] of options) {
        point -= weight;
        if (point < 0) return option;
      }
      return random.pick(options)[0];
    },
  };
  return random;
}
