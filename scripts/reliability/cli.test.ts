/**
 * The CLI on hostile input: any dataset problem → exit 1 and one line on stderr (a stack only with --debug),
 * usage errors → exit 2, and it never hangs (a stalled server meets --timeout). Mutated fixtures on disk run
 * in-process through `main`; the network cases run the real `bin/zarrview.mjs` in a child process.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main';
import { capture } from '../../src/cli/testing/capture';
import { REPO_ROOT, writeCounts } from './counts';
import { loadFixtures } from './fixture-store';
import { mutate, seededRng } from './mutate';

const MUTATED_CASES = 40;
let cases = 0;
let crashes = 0;
let hangs = 0;
let faults = 0;
let survived = 0;

const STACK = /\n\s+at .+:\d+/;

afterEach(() => vi.restoreAllMocks());

/** Runs the real CLI; resolves with exit code, stderr and elapsed ms (killed after `limitMs`: a hang). */
function runCli(args: string[], limitMs = 30_000): Promise<{ code: number | null; stderr: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/zarrview.mjs'), ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, ms: Date.now() - t0 });
    });
  });
}

/** One line on stderr, no stack: the contract for dataset problems. */
function oneLine(stderr: string): boolean {
  return stderr.trim().split('\n').length === 1 && !STACK.test(stderr) && stderr.startsWith('zarrview: ');
}

describe('CLI on mutated datasets on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'zv-cli-fuzz-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`${MUTATED_CASES} mutated fixtures: exit 0, or exit 1 with one line and no stack`, async () => {
    const fixtures = loadFixtures().filter((f) => f.files.size < 200);
    const bad: string[] = [];
    for (let i = 0; i < MUTATED_CASES; i++) {
      const rng = seededRng(4242 + i);
      const f = fixtures[i % fixtures.length]!;
      const key = f.metaKeys[Math.floor(rng() * f.metaKeys.length)]!;
      const m = mutate(rng, f.metadata.get(key)!);
      const ds = path.join(dir, `case${i}.${f.mode.nczarr ? 'file' : 'zarr'}`);
      for (const [k, v] of f.files) {
        mkdirSync(path.dirname(path.join(ds, k)), { recursive: true });
        writeFileSync(path.join(ds, k), v);
      }
      writeFileSync(path.join(ds, key), m.text);
      const c = capture();
      const t0 = Date.now();
      const code = await main(['dump', '-s', ds]);
      const err = c.err.join('');
      vi.restoreAllMocks();
      cases++;
      if (Date.now() - t0 > 10_000) hangs++;
      const ok = code === 0 ? err === '' : code === 1 && oneLine(err);
      if (!ok) {
        crashes++;
        bad.push(`case ${i} ${f.name} ${key} [${m.kind}] → exit ${code}: ${err.slice(0, 400)}`);
      }
    }
    expect(bad, bad.join('\n')).toEqual([]);
  }, 120_000);
});

describe('CLI usage and network problems (real process)', () => {
  let server: http.Server;
  let base = '';
  const sockets = new Set<import('node:net').Socket>();
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const p = req.url ?? '/';
      if (p.startsWith('/stall/')) return; // never answers
      if (p.startsWith('/stall-body/')) {
        res.writeHead(200, { 'Content-Length': '1000' });
        res.write('{"zarr_format":');
        return; // never finishes the body
      }
      if (p.startsWith('/reset/')) {
        req.socket.destroy();
        return;
      }
      if (p.startsWith('/error/')) {
        res.writeHead(500);
        res.end('boom');
        return;
      }
      res.writeHead(404);
      res.end('not here');
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });

  const network = [
    ['a 404 URL', '/missing/ds.zarr', /Not found: .* answered 404/],
    ['a server answering 500', '/error/ds.zarr', /500|server/i],
    ['connection resets', '/reset/ds.zarr', /network|connection|reset|fetch/i],
    ['a stalled server', '/stall/ds.zarr', /did not answer|timed out|timeout/i],
    ['a stalled body', '/stall-body/ds.zarr', /did not answer|timed out|timeout/i],
  ] as const;
  for (const [what, p, message] of network) {
    it.concurrent(
      `${what}: exit 1, one line on stderr, within the time limit`,
      async () => {
        cases++;
        faults++;
        const r = await runCli(['dump', '-h', '--timeout', '0.5', `${base}${p}`], 60_000);
        if (r.code === null) hangs++;
        expect(r.code).toBe(1);
        expect(oneLine(r.stderr), r.stderr).toBe(true);
        expect(r.stderr).toMatch(message);
        survived++;
      },
      70_000,
    );
  }

  it('--debug adds the stack; usage errors exit 2', async () => {
    cases += 3;
    const debug = await runCli(['dump', '--debug', '--timeout', '0.5', `${base}/missing/ds.zarr`]);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(STACK);
    const usage = await runCli(['dump', '--timeout', 'soon', `${base}/x`]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--timeout needs a positive number/);
    expect(STACK.test(usage.stderr)).toBe(false);
    expect((await runCli(['dump', '-q', 'x'])).code).toBe(2);
  }, 60_000);
});

afterAll(() => {
  writeCounts({
    suite: 'cli',
    what: `zarrview dump on ${MUTATED_CASES} mutated fixtures on disk, 404/500/reset/stalled servers, usage errors`,
    cases,
    crashes,
    hangs,
    faultsInjected: faults,
    faultsSurvived: survived,
  });
});
