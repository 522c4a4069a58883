/**
 * Remembers the ids of messages already handled, so a message delivered again (the service
 * delivers at least once, with the same `webhook-id` on every retry) is handled once. Back it
 * with a database table or Redis to share it between processes and keep it across restarts.
 */
export interface SeenMessages {
  has(id: string): boolean | Promise<boolean>;
  /** Called once the message has been handled. */
  add(id: string): void | Promise<void>;
}

/** In memory, forgetting the oldest ids beyond `maxEntries` (default 10 000). */
export function memorySeenMessages(maxEntries = 10_000): SeenMessages {
  const ids = new Set<string>();
  return {
    has: (id) => ids.has(id),
    add(id) {
      ids.delete(id);
      ids.add(id);
      // A Set iterates in insertion order: the first is the oldest.
      while (ids.size > maxEntries) ids.delete(ids.values().next().value!);
    },
  };
}
