#!/usr/bin/env node
// Merges the reliability counts the hostile-input suites wrote (test-results/reliability/<suite>.json) into
// RELIABILITY.md: one row per suite and the totals. `npm test` runs it after the end-to-end tests.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = path.join(root, 'test-results', 'reliability');
const ORDER = [
  'metadata-fuzz',
  'zip-fuzz',
  'chunk-fuzz',
  'corrupt-chunks',
  'resource-limits',
  'cli',
  'e2e-faults',
  'e2e-xss',
  'mesh-fuzz',
];

const suites = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')))
      .sort(
        (a, b) =>
          (ORDER.indexOf(a.suite) + 1 || 99) - (ORDER.indexOf(b.suite) + 1 || 99) || a.suite.localeCompare(b.suite),
      )
  : [];
if (suites.length === 0) {
  console.error('reliability report: no counts in test-results/reliability; RELIABILITY.md left as it is.');
  process.exit(0);
}

const num = (v) => (typeof v === 'number' ? v : 0);
const cell = (v) => (typeof v === 'number' ? v.toLocaleString('en') : '–');
const total = (k) => suites.reduce((a, s) => a + num(s[k]), 0);
const esc = (t) =>
  String(t ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');

const rows = suites.map(
  (s) =>
    `| ${esc(s.suite)} | ${esc(s.what)} | ${cell(s.cases)} | ${cell(s.crashes)} | ${cell(s.hangs)} | ${cell(s.faultsInjected)} | ${cell(s.faultsSurvived)} | ${cell(s.payloadsTried)} | ${cell(s.payloadsExecuted)} | ${esc(
      String(s.date ?? '')
        .slice(0, 16)
        .replace('T', ' '),
    )} |`,
);
const totals = `| **total** | | **${cell(total('cases'))}** | **${cell(total('crashes'))}** | **${cell(total('hangs'))}** | **${cell(total('faultsInjected'))}** | **${cell(total('faultsSurvived'))}** | **${cell(total('payloadsTried'))}** | **${cell(total('payloadsExecuted'))}** | |`;
const notes = suites.filter((s) => s.notes).map((s) => `- **${esc(s.suite)}**: ${esc(s.notes)}`);
const dates = suites
  .map((s) => String(s.date ?? ''))
  .filter(Boolean)
  .sort();
const untouched = total('nodesUntouched');
const survived = total('nodesSurvived');
const blast =
  untouched > 0
    ? `Blast radius (metadata fuzz): after each mutation, **${survived.toLocaleString('en')} of ${untouched.toLocaleString('en')}** nodes (groups and variables) that the mutated document does not describe were still shown (${((100 * survived) / untouched).toFixed(untouched === survived ? 0 : 3)}%); per case in \`test-results/reliability/metadata-fuzz-survival.jsonl\`.\n`
    : '';
const named = total('nodesNamed');
const namedMissing = total('nodesNamedMissing');
const namedLine =
  named > 0
    ? `Nodes lost before any mutation: of the **${named.toLocaleString('en')}** groups and arrays the unmutated fixtures' files name (whatever their names: \`0\`, \`1.2.3\`, \`c\`), **${namedMissing.toLocaleString('en')}** were missing from the model.\n`
    : '';
const healthy =
  namedMissing === 0 &&
  survived === untouched &&
  total('crashes') === 0 &&
  total('hangs') === 0 &&
  total('payloadsExecuted') === 0 &&
  total('faultsInjected') === total('faultsSurvived');

const text = `# Reliability

Hostile and broken input, counted by the tests themselves (\`npm test\` regenerates this file with
\`scripts/reliability/report.mjs\` from \`test-results/reliability/*.json\`). Last run: ${dates.at(-1)?.slice(0, 16).replace('T', ' ') ?? '?'} UTC.
${healthy ? 'No crash, no hang, no executed payload; every injected fault survived.' : '**Failures below: see the suites.**'}

| Suite | What | Cases | Crashes | Hangs | Faults injected | Faults survived | Payloads tried | Payloads executed | Run (UTC) |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |
${rows.join('\n')}
${totals}

${blast}${namedLine}
A crash is any error other than the project's typed errors (\`ZarrviewError\`), thrown or listed as a problem, or an
unexpected result; a hang is a case over its time budget. A fault survives when the page or CLI ends with the
right values or a clear error, within its time limit. A payload executes when it calls the page's trap function
or opens a dialog.

${notes.length ? `Notes:\n\n${notes.join('\n')}\n` : ''}
Suites: \`scripts/reliability/fuzz.test.ts\` (metadata fuzz, seeded: \`ZARRVIEW_FUZZ_SEED\`, \`ZARRVIEW_FUZZ_CASES\`,
replay one case with \`ZARRVIEW_FUZZ_ONLY\`), \`zip-fuzz.test.ts\`, \`chunk-fuzz.test.ts\` (seeded:
\`ZARRVIEW_CHUNK_FUZZ_SEED\`, \`ZARRVIEW_CHUNK_FUZZ_CASES\`), \`corrupt-chunks.test.ts\`, \`limits.test.ts\`,
\`cli.test.ts\`, \`netcdf3-fuzz.test.ts\`, \`listing-fuzz.test.ts\` (seeded: \`ZARRVIEW_LISTING_FUZZ_SEED\`,
\`ZARRVIEW_LISTING_FUZZ_CASES\`), \`src/formats/hdf5/fuzz.test.ts\` (seeded: \`HDF5_FUZZ_CASES\`, replay one case
with \`HDF5_FUZZ_CASE\`), \`e2e/hostile/faults.spec.ts\`, \`e2e/hostile/xss.spec.ts\`.
`;
writeFileSync(path.join(root, 'RELIABILITY.md'), text);
console.log(
  `RELIABILITY.md: ${suites.length} suites, ${total('cases')} cases, ${total('crashes')} crashes, ${total('hangs')} hangs.`,
);
