#!/usr/bin/env node
// `npm test`: type check, lint, unit, build, end-to-end — in that order, stopping at the first failure — and
// one closing line `N passed, N failed` with the totals over every step (each of type check, lint and build
// counts as one check; unit and end-to-end count their tests).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
let passed = 0;
let failed = 0;

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function finish(code) {
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(code);
}

function check(name, cmd, args) {
  console.log(`\n▶ ${name}`);
  if (run(cmd, args)) passed += 1;
  else {
    failed += 1;
    console.error(`✖ ${name} failed`);
    finish(1);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing: run \`sudo apt-get install -y chromium\` (Debian) and retry.`);
    failed += 1;
    finish(1);
  }
  console.log('▶ installing Debian chromium (apt-get)');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (!run('apt-get', ['update', '-q'], env) || !run('apt-get', ['install', '-y', '-q', 'chromium'], env)) {
    console.error('Could not install chromium with apt-get.');
    failed += 1;
    finish(1);
  }
}

/**
 * Debian Python with xarray, zarr, fsspec, aiohttp, h5netcdf, scipy, netCDF4, h5py and cartopy: the "Code for this
 * view" tests run the generated snippets (files through the h5netcdf and scipy engines, the Map's with cartopy); the
 * file tests write large files with them.
 */
const PYTHON_PACKAGES = [
  'python3-xarray',
  'python3-zarr',
  'python3-fsspec',
  'python3-aiohttp',
  'python3-h5netcdf',
  'python3-scipy',
  'python3-netcdf4',
  'python3-h5py',
  'python3-cartopy',
];
function ensurePython() {
  const ok = () =>
    spawnSync(
      '/usr/bin/python3',
      ['-c', 'import xarray, zarr, fsspec, aiohttp, h5netcdf, scipy, netCDF4, h5py, cartopy'],
      {
        stdio: 'ignore',
      },
    ).status === 0;
  if (ok()) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Python packages are missing: run \`sudo apt-get install -y ${PYTHON_PACKAGES.join(' ')}\` (Debian) and retry.`,
    );
    failed += 1;
    finish(1);
  }
  console.log(`▶ installing Debian ${PYTHON_PACKAGES.join(' ')} (apt-get)`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (
    !run('apt-get', ['update', '-q'], env) ||
    !run('apt-get', ['install', '-y', '-q', ...PYTHON_PACKAGES], env) ||
    !ok()
  ) {
    console.error('Could not install the Python packages with apt-get.');
    failed += 1;
    finish(1);
  }
}

/** Debian tools the end-to-end tests run: ffmpeg's ffprobe and ffmpeg decode the exported WebM and GIF animations. */
const TOOL_PACKAGES = [{ command: 'ffprobe', pkg: 'ffmpeg' }];
function ensureTools() {
  const has = (c) => spawnSync('sh', ['-c', `command -v ${c}`], { stdio: 'ignore' }).status === 0;
  const missing = TOOL_PACKAGES.filter((t) => !has(t.command)).map((t) => t.pkg);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(`Tools are missing: run \`sudo apt-get install -y ${missing.join(' ')}\` (Debian) and retry.`);
    failed += 1;
    finish(1);
  }
  console.log(`▶ installing Debian ${missing.join(' ')} (apt-get)`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (!run('apt-get', ['update', '-q'], env) || !run('apt-get', ['install', '-y', '-q', ...missing], env)) {
    console.error(`Could not install ${missing.join(' ')} with apt-get.`);
    failed += 1;
    finish(1);
  }
}

function suite(name, cmd, args, report, count) {
  console.log(`\n▶ ${name}`);
  const ok = run(cmd, args);
  const totals = count(readJson(report));
  if (totals) {
    passed += totals.passed;
    failed += totals.failed;
    if (!ok && totals.failed === 0) failed += 1; // the runner failed outside any test
  } else if (ok) {
    passed += 1;
  } else {
    failed += 1;
  }
  if (!ok || (totals && totals.failed > 0)) {
    console.error(`✖ ${name} failed`);
    finish(1);
  }
}

mkdirSync('test-results', { recursive: true });
// Reliability counts of this run only (the suites write them; the report below merges them).
rmSync('test-results/reliability', { recursive: true, force: true });
check('type check', 'npx', ['tsc', '--noEmit', '-p', '.']);
check('lint (ESLint, Prettier)', 'npm', ['run', '--silent', 'lint']);
ensurePython();
suite(
  'unit',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json'],
  'test-results/unit.json',
  (r) => r && { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0) },
);
check('build', 'npx', ['vite', 'build']);
ensureChromium();
ensureTools();
suite('end-to-end', 'npx', ['playwright', 'test'], 'test-results/e2e.json', (r) =>
  r?.stats ? { passed: (r.stats.expected ?? 0) + (r.stats.flaky ?? 0), failed: r.stats.unexpected ?? 0 } : null,
);
console.log('\n▶ reliability report');
run('node', ['scripts/reliability/report.mjs']);
finish(0);
