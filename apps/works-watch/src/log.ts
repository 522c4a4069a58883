/** One line of JSON per event on stderr, so the app's output can be read by people and tools. */
export type Log = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;

export const jsonLog: Log = (level, message, fields = {}) => {
  const line = { time: new Date().toISOString(), level, message, ...fields };
  process.stderr.write(
    `${JSON.stringify(line, (_key, value: unknown) => (value instanceof Error ? value.message : value))}\n`,
  );
};
