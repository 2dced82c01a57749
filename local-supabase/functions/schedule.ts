// Schedules in supabase/schedules.json, in the syntax Supabase Cron (pg_cron) takes: a five-field cron expression in
// UTC ('*/5 * * * *'; fields minute hour day-of-month month day-of-week; `*`, numbers, ranges `a-b`, lists `a,b` and
// steps `/n`) or an interval of '1 seconds' to '59 seconds'. Each entry:
//   { "name": "...", "schedule": "* * * * *", "function": "<name in supabase/functions>", "body": {…} }

export interface Schedule {
  name: string;
  function: string;
  cron: Set<number>[] | null;
  everySeconds: number | null;
  body: unknown;
}

const RANGES: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function parseField(field: string, [min, max]: [number, number], where: string): Set<number> {
  const out = new Set<number>();
  for (const part of field.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`${where}: invalid cron field '${field}'`);
    const step = m[4] ? Number(m[4]) : 1;
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] ? max : from;
    if (from < min || to > max || from > to || step < 1) throw new Error(`${where}: cron field '${field}' out of range ${min}-${max}`);
    for (let v = from; v <= to; v += step) out.add(v);
  }
  return out;
}

export function parseSchedule(entry: unknown, where: string): Schedule {
  if (!entry || typeof entry !== 'object') throw new Error(`${where}: expected an object`);
  const e = entry as Record<string, unknown>;
  if (typeof e.name !== 'string' || !e.name) throw new Error(`${where}: "name" is required`);
  if (typeof e.function !== 'string' || !/^[A-Za-z0-9_-]+$/.test(e.function)) throw new Error(`${where}: "function" must name a function`);
  if (typeof e.schedule !== 'string') throw new Error(`${where}: "schedule" is required`);
  const seconds = /^\s*(\d+)\s+seconds?\s*$/.exec(e.schedule);
  if (seconds) {
    const n = Number(seconds[1]);
    if (n < 1 || n > 59) throw new Error(`${where}: an interval schedule takes 1 to 59 seconds`);
    return { name: e.name, function: e.function, cron: null, everySeconds: n, body: e.body ?? {} };
  }
  const fields = e.schedule.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`${where}: "schedule" must be a five-field cron expression or 'N seconds'`);
  const cron = fields.map((f, i) => parseField(f, RANGES[i]!, where));
  if (cron[4]!.has(7)) cron[4]!.add(0);
  return { name: e.name, function: e.function, cron, everySeconds: null, body: e.body ?? {} };
}

/** Whether the cron expression matches the minute of `date` (UTC). */
export function cronMatches(cron: Set<number>[], date: Date): boolean {
  const [min, hour, dom, mon, dow] = cron as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  const domAny = dom.size === 31;
  const dowAny = dow.size >= 7;
  const dayOk =
    domAny || dowAny
      ? dom.has(date.getUTCDate()) && dow.has(date.getUTCDay())
      : dom.has(date.getUTCDate()) || dow.has(date.getUTCDay());
  return min.has(date.getUTCMinutes()) && hour.has(date.getUTCHours()) && mon.has(date.getUTCMonth() + 1) && dayOk;
}
