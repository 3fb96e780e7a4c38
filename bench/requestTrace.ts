/**
 * Where a slow request's time went (issue 23 item 3, the SQL Lab stall): the load generator tags each
 * request of a kind with an X-Request-Id (the server takes it as its own id and logs it) and notes when it
 * sent it and when the answer came. With the server's request log (BENCH_SERVER_LOG), each slow or
 * unanswered request is split into: sent → the server read its headers, the server's own time, and the
 * server's answer → the generator read it. Also the kernel's TCP counters around the run (listen queue
 * overflows, SYN retransmits): a dropped connection attempt waits 1, 3, 7 s… before the server ever sees it.
 */
import fs from 'node:fs';
import type autocannon from 'autocannon';

interface Sent {
  sentAt: number;
  answeredAt?: number;
}

export interface RequestTrace {
  /** Wraps a request so each one it sends is tagged and timed. */
  traced(request: autocannon.Request): autocannon.Request;
  /** Lines describing the requests slower than `slowMs`, and those never answered. */
  report(slowMs: number, serverLogFile: string | undefined): string[];
}

export function requestTrace(prefix: string): RequestTrace {
  const sent = new Map<string, Sent>();
  let counter = 0;
  return {
    traced(request) {
      const setup = request.setupRequest;
      return {
        ...request,
        setupRequest: (req, context) => {
          // A file path stands for a setup only in autocannon's workers mode, which the bench does not use.
          const built = typeof setup === 'function' ? setup(req, context) : req;
          const id = `${prefix}-${++counter}`;
          sent.set(id, { sentAt: Date.now() });
          return { ...built, headers: { ...built.headers, 'x-request-id': id } };
        },
        onResponse: (_status, _body, _context, headers) => {
          const id = (headers as Record<string, string> | undefined)?.['x-request-id'];
          const entry = id ? sent.get(id) : undefined;
          if (entry) entry.answeredAt = Date.now();
        },
      };
    },
    report(slowMs, serverLogFile) {
      const server = serverLogFile ? readServerLog(serverLogFile, prefix) : new Map<string, ServerSide>();
      const lastSent = [...sent.values()].reduce((latest, each) => Math.max(latest, each.sentAt), 0);
      const slow = [...sent.entries()].filter(
        ([, each]) =>
          (each.answeredAt ?? Number.POSITIVE_INFINITY) - each.sentAt > slowMs &&
          // Still in flight when the run stopped is not a stall.
          (each.answeredAt !== undefined || each.sentAt < lastSent - slowMs),
      );
      const lines = [`${prefix}: ${sent.size} sent, ${slow.length} slower than ${slowMs} ms or unanswered`];
      for (const [id, each] of slow.slice(0, 40)) {
        const seen = server.get(id);
        const total =
          each.answeredAt === undefined ? 'never answered' : `${each.answeredAt - each.sentAt} ms`;
        const split = seen
          ? `server got it after ${seen.receivedAt - each.sentAt} ms, took ${seen.responseMs?.toFixed(0) ?? '(no completion logged)'} ms` +
            (each.answeredAt !== undefined && seen.responseMs !== undefined
              ? `, answer read ${each.answeredAt - seen.receivedAt - Math.round(seen.responseMs)} ms after it was sent`
              : '')
          : serverLogFile
            ? 'the server never logged it'
            : '';
        lines.push(`  ${id}: ${total}; ${split}`);
      }
      return lines;
    },
  };
}

interface ServerSide {
  receivedAt: number;
  responseMs?: number;
}

/** Fastify's request log (pino, one JSON object a line): when each traced request came in, how long it took. */
function readServerLog(file: string, prefix: string): Map<string, ServerSide> {
  const seen = new Map<string, ServerSide>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes(`"${prefix}-`)) continue;
    let entry: { reqId?: string; time?: number; msg?: string; responseTime?: number };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!entry.reqId || entry.time === undefined) continue;
    if (entry.msg === 'incoming request') seen.set(entry.reqId, { receivedAt: entry.time });
    else if (entry.responseTime !== undefined) {
      const known = seen.get(entry.reqId);
      if (known) known.responseMs = entry.responseTime;
    }
  }
  return seen;
}

const COUNTERS = ['ListenOverflows', 'ListenDrops', 'TCPSynRetrans', 'TCPTimeouts'];

/** The kernel's TCP counters (Linux; empty elsewhere), to compare before and after a run. */
export function tcpCounters(): Record<string, number> {
  try {
    const rows = fs
      .readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((row) => row.startsWith('TcpExt:'));
    const names = rows[0]?.split(/\s+/) ?? [];
    const values = rows[1]?.split(/\s+/) ?? [];
    return Object.fromEntries(
      COUNTERS.map((name) => [name, Number(values[names.indexOf(name)] ?? Number.NaN)]),
    );
  } catch {
    return {};
  }
}

export function tcpCountersLine(before: Record<string, number>, after: Record<string, number>): string {
  return `TCP counters during the run: ${Object.keys(after)
    .map((name) => `${name} +${(after[name] ?? 0) - (before[name] ?? 0)}`)
    .join(', ')}`;
}
