/**
 * The log as a person reads it at a terminal (`LOG_FORMAT=lines`, the sandbox's default): one
 * line per request (method, target, status, time taken), one per delivery attempt (kind,
 * message, endpoint, status or reason, latency, what happens next) and one per other entry
 * (level, message, its fields). It is a destination for pino: each JSON line pino writes is read
 * back and printed as text. JSON lines (`LOG_FORMAT=json`, the default elsewhere) are for
 * machines.
 */
import { styleText } from 'node:util';

/** Where the lines go: a stream with `write`, a TTY one coloured unless `NO_COLOR` is set. */
export interface LineSink {
  write(text: string): unknown;
  isTTY?: boolean;
}

interface Entry {
  level: number;
  time: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string };
  [field: string]: unknown;
}

const levels: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every entry has, or that the line shows already. */
const shown = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime']);
/** Requests remembered between their `incoming request` entry and their `request completed` one. */
const maxPending = 10_000;

const clockTime = (time: number | string) => new Date(time).toISOString().slice(11, 19);

type Style = Parameters<typeof styleText>[0];

/** A pino destination that writes each entry to `sink` as one readable line. */
export function readableLog(sink: LineSink = process.stdout): { write(line: string): void } {
  const coloured = sink.isTTY === true && !process.env.NO_COLOR;
  const paint = (style: Style, text: string) => (coloured ? styleText(style, text) : text);
  const statusStyle = (status: number | null | undefined): Style =>
    status === null || status === undefined || status >= 500 ? 'red' : status >= 400 ? 'yellow' : 'green';
  const pending = new Map<string, { method?: string; url?: string }>();

  const requestLine = (entry: Entry): string | undefined => {
    if (entry.msg === 'incoming request' && entry.reqId) {
      if (pending.size >= maxPending) pending.delete(pending.keys().next().value!);
      pending.set(entry.reqId, entry.req ?? {});
      return undefined;
    }
    const request = entry.reqId === undefined ? undefined : pending.get(entry.reqId);
    pending.delete(entry.reqId ?? '');
    const status = entry.res?.statusCode;
    const took = entry.responseTime === undefined ? '' : `  ${Math.round(entry.responseTime)} ms`;
    return `${request?.method ?? '?'} ${request?.url ?? '?'}  ${paint(statusStyle(status), String(status))}${took}`;
  };

  const attemptLine = (entry: Entry): string => {
    const reason = typeof entry.reason === 'string' ? entry.reason : 'no answer';
    const status = typeof entry.status === 'number' ? String(entry.status) : reason;
    const next = typeof entry.nextAttemptAt === 'string' ? ` at ${clockTime(entry.nextAttemptAt)}` : '';
    const style = statusStyle(typeof entry.status === 'number' ? entry.status : null);
    return `${String(entry.kind)} ${String(entry.messageId)} → ${String(entry.endpoint)}  ${paint(style, status)}  ${String(entry.latencyMs)} ms  ${String(entry.outcome)}${next}`;
  };

  const otherLine = (entry: Entry): string => {
    const level = levels[entry.level] ?? String(entry.level);
    const fields = Object.entries(entry)
      .filter(([name, value]) => !shown.has(name) && value !== undefined)
      .map(([name, value]) => `${name}=${name === 'err' ? (value as Entry['err'])?.message : JSON.stringify(value)}`);
    const label = entry.level >= 40 ? paint(entry.level >= 50 ? 'red' : 'yellow', level) : level;
    return [label, entry.msg ?? '', ...fields].join('  ');
  };

  const lineOf = (entry: Entry): string | undefined => {
    if (entry.msg === 'incoming request' || entry.msg === 'request completed') return requestLine(entry);
    if (entry.msg === 'delivery attempt') return attemptLine(entry);
    return otherLine(entry);
  };

  return {
    write(line: string) {
      let entry: Entry;
      try {
        entry = JSON.parse(line) as Entry;
      } catch {
        sink.write(line);
        return;
      }
      const text = lineOf(entry);
      if (text !== undefined) sink.write(`${paint('dim', clockTime(entry.time))}  ${text}\n`);
    },
  };
}
