/**
 * The soak's figures from its samples (scripts/bench-soak.mjs): per minute (requests, errors,
 * p50/p99, offered vs served rate, requests in flight, load average) and per request kind per
 * minute, so a p99 that grows can be told apart: every kind slower at once is the server (or the
 * machine) saturating; one kind growing alone is that route's cost growing with the rows written.
 * A sample is { at (ms since start, when sent), ms, kind, ok }; minutes are counted by when a
 * request was sent.
 */

export const percentile = (values, p) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const fixed = (n, width, digits = 1) => (n === null || n === undefined || Number.isNaN(n) ? "–" : n.toFixed(digits)).padStart(width);

/**
 * One row per minute. `offeredPerSecond` is what the users would send if every answer were
 * instant (users ÷ mean think time); `servedPerSecond` is what was answered. Served well under
 * offered means the users spent the minute waiting on the server, not thinking: saturated.
 * `inFlight` is the mean number of requests open at once (Little's law: served × mean time).
 * `cpuMsPerRequest`: the server's own CPU time in the minute ÷ requests answered in it; unlike
 * response times, waiting behind the machine's other work does not inflate it, so a rise minute
 * after minute is the app doing more per request. `rssMb`: the server's memory at the minute's end.
 */
export function perMinute(samples, { minutes, users, meanThinkMs, loadBySecond }) {
  const rows = [];
  for (let m = 0; m < minutes; m++) {
    const these = samples.filter((s) => Math.floor(s.at / 60_000) === m);
    const ms = these.map((s) => s.ms);
    const servedPerSecond = these.length / 60;
    const meanMs = ms.length ? ms.reduce((a, b) => a + b, 0) / ms.length : null;
    const loads = loadBySecond.filter((l) => Math.floor(l.at / 60_000) === m).map((l) => l.load1);
    // CPU used up to the minute's last sample, minus up to the previous minute's last (or the start).
    const upTo = (t) => loadBySecond.filter((l) => l.at <= t && l.cpuMs !== undefined).at(-1);
    const end = upTo((m + 1) * 60_000 + 2_500);
    const start = upTo(m * 60_000 + 2_500);
    const answered = samples.filter((s) => Math.floor((s.at + s.ms) / 60_000) === m).length;
    rows.push({
      minute: m + 1,
      requests: these.length,
      errors: these.filter((s) => !s.ok).length,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
      offeredPerSecond: Number((users / (meanThinkMs / 1000)).toFixed(2)),
      servedPerSecond: Number(servedPerSecond.toFixed(2)),
      inFlight: meanMs === null ? null : Number(((servedPerSecond * meanMs) / 1000).toFixed(1)),
      cpuMsPerRequest: end && start && end !== start && answered ? Number(((end.cpuMs - start.cpuMs) / answered).toFixed(1)) : null,
      rssMb: end?.rssMb ?? null,
      load1: loads.length ? Number((loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(2)) : null,
    });
  }
  return rows;
}

export function printPerMinute(rows) {
  console.log("\nminute  requests  errors   p50 ms   p99 ms  offered/s  served/s  in flight  server CPU ms/req  server MB  load (1 min)");
  for (const m of rows) {
    console.log(
      `${String(m.minute).padStart(6)}  ${String(m.requests).padStart(8)}  ${String(m.errors).padStart(6)}  ${fixed(m.p50, 7)}  ${fixed(m.p99, 7)}  ${fixed(m.offeredPerSecond, 9)}  ${fixed(m.servedPerSecond, 8)}  ${fixed(m.inFlight, 9)}  ${fixed(m.cpuMsPerRequest, 17)}  ${fixed(m.rssMb, 9, 0)}  ${fixed(m.load1, 12, 2)}`,
    );
  }
}

/** Per request kind: every minute's p50/p99 and its count, and the whole run's. */
export function perKindPerMinute(samples, minutes) {
  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  return kinds.map((kind) => {
    const mine = samples.filter((s) => s.kind === kind);
    const all = mine.map((s) => s.ms);
    return {
      kind,
      requests: all.length,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      minutes: Array.from({ length: minutes }, (_, m) => {
        const ms = mine.filter((s) => Math.floor(s.at / 60_000) === m).map((s) => s.ms);
        return { minute: m + 1, requests: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99) };
      }),
    };
  });
}

/** One row per minute, one column per kind ("p50 / p99 (requests)"), and the whole run's last. */
export function printPerKind(kinds, minutes) {
  console.log("\nper request kind and minute: p50 / p99 ms (requests)");
  const cell = (c) => `${fixed(c.p50, 6, 0)} /${fixed(c.p99, 6, 0)} (${String(c.requests).padStart(4)})`.padStart(22);
  console.log(`${"minute".padStart(9)}${kinds.map((k) => k.kind.padStart(22)).join("")}`);
  for (let m = 0; m < minutes; m++) console.log(`${String(m + 1).padStart(9)}${kinds.map((k) => cell(k.minutes[m])).join("")}`);
  console.log(`${"whole run".padStart(9)}${kinds.map(cell).join("")}`);
}
