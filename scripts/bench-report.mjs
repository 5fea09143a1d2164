#!/usr/bin/env node
// The bench's report. BENCHMARKS.md opens with the current figures: one row per benchmark with its last measured
// value, its target and the run it comes from. Their state is benchmarks/current.json; every run's full table is
// appended to benchmarks/history.md.
//
//   recordRun(root, run)   after a run: updates the rows it measured (the others keep their values and their
//                          run), appends the run to the history, rewrites the table in BENCHMARKS.md
//   renderReport(root)     rewrites the table from benchmarks/current.json alone (`BENCH_REPORT_ONLY=1 npm run bench`,
//                          or `node scripts/bench-report.mjs`)
//
// Only the part of BENCHMARKS.md between the two `current-figures` markers is written; the text around it (the
// introduction, the notes keyed by row name) is kept as it is. A row whose name has a note in BENCHMARKS.md
// (an anchor `<a id="note-ROW">`) links to it.
//
// A run may report a row it could not measure as `{ name, notMeasured: 'why' }` (e.g. the feature it measures is
// not in the app yet): the history says so, and the row keeps its earlier value (with the reason as a remark) or,
// never measured, shows the reason as its detail.
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const START = '<!-- current-figures:start -->';
const END = '<!-- current-figures:end -->';
const HISTORY = 'benchmarks/history.md';

/**
 * Targets set before the bench has rows for them (the issues' figures): shown as "not measured yet" until a run
 * writes a row of that name. `cmp` is how a value meets the target.
 */
export const PENDING = [
  {
    name: 'first-slice-after-last-byte-ms',
    unit: 'ms',
    target: 5,
    cmp: '≤',
    detail: 'over HTTP/2 and HTTP/1.1; target set ahead of its bench row',
  },
  {
    name: 'first-slice-after-last-byte-ms-http1',
    unit: 'ms',
    target: 5,
    cmp: '≤',
    after: 'first-slice-after-last-byte-ms',
    detail: 'over HTTP/1.1; target set ahead of its bench row',
  },
  { name: 'scrub-fast-step-vs-network', unit: 'ratio', target: 0.5, cmp: '≤' },
  { name: 'pyramid-first-picture-vs-network', unit: 'ratio', target: 1.5, cmp: '≤' },
  { name: 'pyramid-bytes-per-screen-pixel', unit: 'bytes', target: 16, cmp: '≤' },
  { name: 'zoom-refine-vs-network', unit: 'ratio', target: 1.5, cmp: '≤' },
  { name: 'series-10k-chunks-vs-network', unit: 'ratio', target: 1.2, cmp: '≤' },
  { name: 'listing-100k-first-screen-ms', unit: 'ratio', target: 2, cmp: '≤' },
  { name: 'goes-disk-first-map-vs-network', unit: 'ratio', target: 1.5, cmp: '≤' },
  { name: 'mesh-first-picture-vs-network', unit: 'ratio', target: 2, cmp: '≤' },
  { name: 'mesh-pan-frame-ms', unit: 'ms', target: 16, cmp: '≤' },
  { name: 'healpix-bytes-per-screen-pixel', unit: 'bytes', target: 16, cmp: '≤' },
  { name: 'aggregate-open-365-files-vs-xarray-open-mfdataset', unit: '×', target: 10, cmp: '≥' },
  { name: 'aggregate-open-requests-per-file', unit: 'requests', target: 2, cmp: '≤' },
  { name: 'aggregate-first-picture-vs-network', unit: 'ratio', target: 1.5, cmp: '≤' },
  { name: 'aggregate-scrub-across-files-vs-network', unit: 'ratio', target: 0.5, cmp: '≤' },
  { name: 'aggregate-series-365-files-vs-network', unit: 'ratio', target: 1.2, cmp: '≤' },
];

const PENDING_DETAIL = 'target set ahead of its bench row';

/** How each row's value meets its target (the rows' `met` tests in scripts/bench*.mjs and bench/*.ts). */
const CMP = [
  [/^decode-throughput-ratio-|^first-slice-speedup-|-first-slice-vs-|-vs-xarray-open-mfdataset$/, '≥'],
  [/^bytes-fetched-per-chunk-byte$|^requests-per-chunk-touched$/, '='],
  [
    /^main-thread-long-tasks|-vs-network$|round-trips$|^app-initial-js|^nc4-open-bytes|^nc4-bytes-per|-ms(-http1)?$/,
    '≤',
  ],
  [/-vs-single$|-per-screen-pixel$|-requests-per-file$/, '≤'],
];

/** `previous`: the row's entry in the table before this run (a pending target knows its direction). */
export function cmpOf(row, previous) {
  if (row.cmp) return row.cmp;
  for (const [re, c] of CMP) if (re.test(row.name)) return c;
  if (previous?.cmp) return previous.cmp;
  // A new row: read the direction off its value and `met`.
  if (row.value === row.target) return '=';
  return row.value > row.target === Boolean(row.met) ? '≥' : '≤';
}

/** `2026-11-24 19:01` → `run-2026-11-24-1901`, the anchor of that run in the history. */
export function runAnchor(when) {
  return `run-${when.replace(' ', '-').replace(':', '')}`;
}

export const ABOUT =
  'State of the current-figures table in BENCHMARKS.md, written by scripts/bench-report.mjs: the last measured value of every row and the run it comes from (run.when, UTC; run.load, load average at its start and end; run.anchor, its section in benchmarks/history.md). `cmp` is how the value meets the target; `remark` is a comment on that measurement, dropped when the row is measured again. Rows are shown in this order; a new row is added at the end.';

const cell = (s) =>
  String(s ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');

function readCurrent(root) {
  const file = path.join(root, 'benchmarks', 'current.json');
  const rows = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).rows : [];
  for (const { after, ...p } of PENDING)
    if (!rows.some((r) => r.name === p.name)) {
      // Beside the row it belongs with (`after`), otherwise at the end.
      const at = rows.findIndex((r) => r.name === after);
      const row = { ...p, value: null, met: null, detail: p.detail ?? PENDING_DETAIL, run: null };
      if (at >= 0) rows.splice(at + 1, 0, row);
      else rows.push(row);
    }
  return rows;
}

async function writeCurrent(root, rows) {
  const file = path.join(root, 'benchmarks', 'current.json');
  await fs.mkdir(path.dirname(file), { recursive: true });
  const doc = { about: ABOUT, rows };
  await fs.writeFile(file, JSON.stringify(doc, null, 2) + '\n');
}

function runCell(run) {
  if (!run) return '—';
  const load = run.load ? `load ${run.load[0]} → ${run.load[1]}` : 'load not recorded';
  return `[${run.when}](${HISTORY}#${run.anchor ?? runAnchor(run.when)}), ${load}`;
}

function table(rows, text) {
  const noted = new Set([...text.matchAll(/<a id="note-([^"]+)"><\/a>/g)].map((m) => m[1]));
  const lines = [
    '| row | value | target | met | measured (UTC, load average) | detail |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of rows) {
    const name = noted.has(r.name) ? `[${r.name}](#note-${r.name})` : r.name;
    const unit = r.unit === '×' || r.unit === '%' ? r.unit : ` ${r.unit}`;
    const value = r.value === null || r.value === undefined ? 'not measured yet' : `${r.value}${unit}`;
    const target = `${cmpOf(r)} ${r.target}${r.unit === '%' ? '%' : r.unit === 'ms' || r.unit === 'KB' ? ` ${r.unit}` : ''}`;
    const met = r.met === null || r.met === undefined ? '—' : r.met ? 'yes' : '**no**';
    const detail = [r.detail, r.remark && `*${r.remark}*`].filter(Boolean).join(' ');
    lines.push(`| ${cell(name)} | ${value} | ${target} | ${met} | ${runCell(r.run)} | ${cell(detail)} |`);
  }
  const runs = rows.filter((r) => r.run).map((r) => r.run);
  const last = runs
    .sort((a, b) => a.when.localeCompare(b.when) || (a.anchor ?? '').localeCompare(b.anchor ?? ''))
    .at(-1);
  const measured = rows.filter((r) => r.run).length;
  const summary =
    `${measured} rows measured, ${rows.filter((r) => r.met === true).length} meeting their target; ` +
    `${rows.length - measured} not measured yet.` +
    (last ? ` Latest run: [${last.when} UTC](${HISTORY}#${last.anchor ?? runAnchor(last.when)}).` : '');
  return [summary, '', ...lines].join('\n');
}

const SKELETON = `# Benchmarks

\`npm run bench\` (scripts/bench.mjs) measures Zarrview against baselines run in the same session;
\`BENCH_ONLY=data|app|files|virtual npm run bench\` runs one part. Each run updates the table below and appends its
full table to [${HISTORY}](${HISTORY}).

## Current figures

${START}
${END}

## History

Every run, oldest first, with the analysis written at the time: [${HISTORY}](${HISTORY}).
`;

/** Rewrites the current-figures table of BENCHMARKS.md from benchmarks/current.json. */
export async function renderReport(root, rows = readCurrent(root)) {
  const file = path.join(root, 'BENCHMARKS.md');
  let text = existsSync(file) ? readFileSync(file, 'utf8') : SKELETON;
  if (!text.includes(START) || !text.includes(END)) text = `${SKELETON}\n${text.replace(/^# Benchmarks\n/, '')}`;
  const [head, rest] = text.split(START);
  const tail = rest.slice(rest.indexOf(END));
  await fs.writeFile(file, `${head}${START}\n${table(rows, text)}\n${tail}`);
}

/**
 * Records one run: `when` ('YYYY-MM-DD HH:MM', UTC), `machine` ('2 cores, CPU model'), `load` ([start, end]),
 * `results` (the bench's rows: name, value, unit, target, met, baseline) and `notes` (lines under its table).
 * Returns the text appended to the history.
 */
export async function recordRun(root, { when, machine, load, results, notes = [] }) {
  const historyFile = path.join(root, HISTORY);
  const history = existsSync(historyFile)
    ? readFileSync(historyFile, 'utf8')
    : '# Benchmark history\n\nEvery run of `npm run bench`, oldest first, appended by scripts/bench-report.mjs. The current figures are in [BENCHMARKS.md](../BENCHMARKS.md).\n';
  // Two runs in the same minute (e.g. BENCH_ONLY parts one after the other) get distinct anchors.
  let anchor = runAnchor(when);
  for (let i = 2; history.includes(`<a id="${anchor}"></a>`); i++) anchor = `${runAnchor(when)}-${i}`;
  const round1 = (x) => Math.round(x * 10) / 10;
  const loadText = load ? `, load average ${round1(load[0])} at start, ${round1(load[1])} at end` : '';
  const lines = [
    '',
    `<a id="${anchor}"></a>`,
    '',
    `## ${when} UTC — ${machine}${loadText}`,
    '',
    '| benchmark | value | target | met | baseline / detail |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const r of results)
    lines.push(
      r.notMeasured
        ? `| ${r.name} | not measured | ${r.target ?? '—'} | — | ${cell(r.notMeasured)} |`
        : `| ${r.name} | ${r.value} ${r.unit} | ${r.target} | ${r.met ? 'yes' : '**no**'} | ${cell(r.baseline)} |`,
    );
  for (const n of notes) lines.push('', `- ${n}`);
  const section = lines.join('\n') + '\n';
  await fs.mkdir(path.dirname(historyFile), { recursive: true });
  await fs.writeFile(historyFile, history.replace(/\n*$/, '\n') + section);

  const rows = readCurrent(root);
  const run = { when, load: load ? [round1(load[0]), round1(load[1])] : null, anchor };
  for (const r of results) {
    const i = rows.findIndex((x) => x.name === r.name);
    if (r.notMeasured) {
      const old = rows[i];
      if (old?.run) old.remark = `Not measured at ${when}: ${r.notMeasured}`;
      else if (old) old.detail = `not measured at ${when}: ${r.notMeasured}`;
      continue;
    }
    const row = {
      name: r.name,
      value: r.value,
      unit: r.unit,
      target: r.target,
      cmp: cmpOf(r, rows[i]),
      met: r.met,
      detail: r.baseline,
      run,
    };
    if (i >= 0) rows[i] = row;
    else rows.push(row);
  }
  await writeCurrent(root, rows);
  await renderReport(root, rows);
  return section;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await renderReport(path.resolve(import.meta.dirname, '..'));
  console.log('BENCHMARKS.md: current figures rewritten from benchmarks/current.json');
}
