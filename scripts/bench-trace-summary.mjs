// Summarises a Chromium trace written by `BENCH_TRACE=dir npm run bench` (scripts/bench-app.mjs): the app's
// User Timing marks, then per thread the tasks longer than `min` ms (default 3) with their largest parts, and the
// wall and CPU time each thread spent, from the click on. With BENCH_TRACE_PROFILE=1 the trace also has JavaScript
// samples; `--profile from to [thread]` prints the functions that took the samples of the threads whose name has
// `thread` in it (default: the workers) in that window.
//   node scripts/bench-trace-summary.mjs TRACE.json [min] [--profile from to [thread]]
import fs from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench-trace-summary.mjs TRACE.json [min-ms] [--profile from to [thread]]');
  process.exit(2);
}
const profileAt = rest.indexOf('--profile');
const min = Number(profileAt === 0 ? 3 : (rest[0] ?? 3));
const { traceEvents: ev } = JSON.parse(fs.readFileSync(file, 'utf8'));
const names = new Map();
for (const e of ev) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
const thread = (e) => names.get(`${e.pid}:${e.tid}`) ?? `${e.pid}:${e.tid}`;
// The click (or a zoom's mouseup) the trace is about.
const clicks = ev
  .filter((e) => e.name === 'EventDispatch' && ['click', 'mouseup'].includes(e.args?.data?.type))
  .sort((a, b) => a.ts - b.ts);
const marks = ev.filter((e) => e.cat?.includes('user_timing') && /^zv:/.test(e.name ?? '')).sort((a, b) => a.ts - b.ts);
const t0 = clicks[0]?.ts ?? marks[0]?.ts ?? 0;
const rel = (ts) => ((ts - t0) / 1000).toFixed(1);
console.log('marks (ms after the click or mouseup):', marks.map((m) => `${m.name}@${rel(m.ts)}`).join(' '));

const tasks = ev.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.ts >= t0);
const byThread = new Map();
for (const e of tasks) {
  const k = thread(e);
  if (!byThread.has(k)) byThread.set(k, []);
  byThread.get(k).push(e);
}
for (const [k, list] of byThread) {
  const wall = list.reduce((s, e) => s + e.dur, 0) / 1000;
  const cpu = list.reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000;
  const long = list.filter((e) => e.dur >= min * 1000).sort((a, b) => a.ts - b.ts);
  if (long.length === 0) continue;
  console.log(`\n== ${k}: tasks ${wall.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU`);
  for (const e of long) {
    const parts = ev
      .filter(
        (c) =>
          c.ph === 'X' &&
          c.pid === e.pid &&
          c.tid === e.tid &&
          c !== e &&
          c.ts >= e.ts &&
          c.ts + c.dur <= e.ts + e.dur &&
          c.dur >= 1000 &&
          !/RunTask/.test(c.name),
      )
      .sort((a, b) => b.dur - a.dur)
      .slice(0, 4)
      .map(
        (c) =>
          `${c.name}${c.args?.data?.functionName ? `:${c.args.data.functionName}` : ''} ${(c.dur / 1000).toFixed(1)}`,
      );
    console.log(
      `  ${rel(e.ts)} +${(e.dur / 1000).toFixed(1)} (CPU ${((e.tdur ?? 0) / 1000).toFixed(1)})  ${parts.join(' | ')}`,
    );
  }
}

if (profileAt >= 0) {
  const from = Number(rest[profileAt + 1] ?? 0);
  const to = Number(rest[profileAt + 2] ?? Infinity);
  const which = rest[profileAt + 3] ?? 'Worker';
  const profiles = new Map();
  for (const e of ev)
    if (e.name === 'Profile')
      profiles.set(e.id, {
        thread: thread(e),
        start: e.args.data.startTime,
        nodes: new Map(),
        samples: [],
        deltas: [],
      });
  for (const e of ev) {
    const p = e.name === 'ProfileChunk' ? profiles.get(e.id) : undefined;
    if (!p) continue;
    for (const n of e.args.data.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
    p.samples.push(...(e.args.data.cpuProfile?.samples ?? []));
    p.deltas.push(...(e.args.data.timeDeltas ?? []));
  }
  const key = (n) => `${n.callFrame.functionName || '(anonymous)'} ${(n.callFrame.url ?? '').split('/').pop()}`;
  for (const p of profiles.values()) {
    if (!p.thread.includes(which)) continue;
    const self = new Map();
    let t = p.start;
    let count = 0;
    for (let i = 0; i < p.samples.length; i++) {
      t += p.deltas[i];
      const r = (t - t0) / 1000;
      if (r < from || r > to) continue;
      count++;
      const k = key(p.nodes.get(p.samples[i]));
      self.set(k, (self.get(k) ?? 0) + 1);
    }
    if (count === 0) continue;
    console.log(`\n== ${p.thread}: ${count} samples from ${from} to ${to} ms`);
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${v}  ${k}`);
  }
}
