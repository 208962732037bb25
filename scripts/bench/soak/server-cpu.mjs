import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time (user + system, ms) used so far by a process and all its descendants (`wrangler dev`
 * and the workerd it runs), and their resident memory now (MB). Per request served it is the server's own cost, which waiting in line
 * behind the machine's other work does not inflate as it inflates response times: if it grows
 * minute after minute, the app does more work per request as the soak writes. Linux only (/proc);
 * elsewhere null.
 */
export function processTreeUsage(rootPid) {
  let stats;
  try {
    stats = readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map((pid) => {
        try {
          // The command name (2nd field) may hold spaces: the fields after its closing parenthesis.
          const text = readFileSync(`/proc/${pid}/stat`, "utf8");
          const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
          // rss (24th field) in pages of 4 KiB.
          return { pid: Number(pid), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), rssPages: Number(fields[21]) };
        } catch {
          return null; // exited meanwhile
        }
      })
      .filter(Boolean);
  } catch {
    return null;
  }
  const children = new Map();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  let ticks = 0;
  let rssPages = 0;
  const stack = stats.filter((s) => s.pid === rootPid);
  if (!stack.length) return null;
  while (stack.length) {
    const s = stack.pop();
    ticks += s.ticks;
    rssPages += s.rssPages;
    stack.push(...(children.get(s.pid) ?? []));
  }
  // Kernel clock ticks; 100 a second on Linux (USER_HZ), which Node cannot ask sysconf for.
  return { cpuMs: ticks * 10, rssMb: Math.round((rssPages * 4096) / 1048576) };
}
