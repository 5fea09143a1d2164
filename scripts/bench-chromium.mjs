// The bench's browser: Debian's Chromium and its flags, in one place for every bench part (scripts/bench.mjs and
// the bench-*.mjs modules it calls). Without the background-networking flags Chromium stalls on the closed network
// (../shared/ENVIRONMENT.md). GPU flags (e.g. for WebGL2 in software) are added here and nowhere else;
// BENCH_CHROMIUM_ARGS (space-separated) appends flags for one run. `--expose-gc` lets the bench page collect one
// reader's garbage before the other's timed run (bench/page.ts); nothing else calls it.
export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--js-flags=--expose-gc',
  ...(process.env.BENCH_CHROMIUM_ARGS ?? '').split(/\s+/).filter(Boolean),
];
