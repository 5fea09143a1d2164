/**
 * Benchmark page (driven by scripts/bench.mjs through Playwright): the worker-pool data path against zarrita on
 * the main thread, on data served by bench/server.mjs.
 */
import * as zarr from 'zarrita';
import type { DimSelection } from '../src/api';
import { WorkerPool, arraySpec, createDataContext, planTasks, readSlice, resolveSelection } from '../src/data';
import { variableFromMetadata } from '../src/data/testing/variable-meta';
import { openStore } from '../src/opening/open-store';
import type { Variable } from '../src/model/types';
import type { Store } from '../src/store/types';
import { MemoryStore } from './memory-store';

const DATA = `${location.origin}/data`;

async function json(url: string): Promise<Record<string, unknown>> {
  return (await (await fetch(url)).json()) as Record<string, unknown>;
}

/** Prefetches every object of a v2 array (metadata + chunks) into memory. */
async function prefetch(name: string): Promise<{ store: MemoryStore; meta: Record<string, unknown> }> {
  const meta = await json(`${DATA}/${name}/.zarray`);
  const objects = new Map<string, Uint8Array>();
  objects.set(`/${name}/.zarray`, new TextEncoder().encode(JSON.stringify(meta)));
  const grid = (meta.shape as number[]).map((n, i) => Math.ceil(n / (meta.chunks as number[])[i]!));
  const keys: string[] = [];
  const rec = (d: number, acc: number[]) => {
    if (d === grid.length) return void keys.push(acc.join('.'));
    for (let i = 0; i < grid[d]!; i++) rec(d + 1, [...acc, i]);
  };
  rec(0, []);
  await Promise.all(
    keys.map(async (k) =>
      objects.set(`/${name}/${k}`, new Uint8Array(await (await fetch(`${DATA}/${name}/${k}`)).arrayBuffer())),
    ),
  );
  return { store: new MemoryStore(objects), meta };
}

function watchLongTasks(): () => number[] {
  const seen: number[] = [];
  const obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => seen.push(e.duration)));
  obs.observe({ type: 'longtask', buffered: false });
  return () => {
    obs.disconnect();
    return seen;
  };
}

const tick = () => new Promise((r) => setTimeout(r, 50));

/**
 * Collects the garbage of what ran before (the browser runs with `--expose-gc`: scripts/bench-chromium.mjs), so
 * that neither reader's run pays for collecting the other's 256 MB: the long tasks of a run are its own.
 */
const collect = () => (globalThis as { gc?: () => void }).gc?.();

/** Run 1: whole-array decode, zarrita on the main thread vs the worker pool, both from memory. */
async function decode(name: string, trials: number) {
  const { store, meta } = await prefetch(name);
  const bytes = (meta.shape as number[]).reduce((a, b) => a * b, 1) * 4;
  const variable = variableFromMetadata(name, meta);
  const arr = await zarr.open.v2(zarr.root(store).resolve(name), { kind: 'array', attrs: false });
  const ctx = createDataContext({ workers: true, cacheBytes: 0 });
  // Warm-up: start the workers and compile the codecs' WASM on both sides.
  await zarr.get(arr, [0, null, null]);
  await readSlice(store, variable, [0, null, null], { context: ctx, budgetBytes: 2 ** 31 });
  const z: number[] = [];
  const o: number[] = [];
  let longOurs: number[] = [];
  let longZarrita: number[] = [];
  let equal = true;
  for (let t = 0; t < trials; t++) {
    collect();
    await tick();
    let stop = watchLongTasks();
    let t0 = performance.now();
    const zr = await zarr.get(arr);
    z.push(performance.now() - t0);
    await tick();
    longZarrita = longZarrita.concat(stop());
    collect();
    await tick();
    stop = watchLongTasks();
    performance.mark('ours-start'); // for a trace: which main-thread tasks belong to our read
    t0 = performance.now();
    const ours = await readSlice(store, variable, [], { context: ctx, budgetBytes: 2 ** 31 });
    o.push(performance.now() - t0);
    await tick();
    performance.mark('ours-end');
    longOurs = longOurs.concat(stop());
    const a = zr.data as Float32Array;
    const b = ours.data as Float32Array;
    for (let i = 0; i < a.length; i += 4099) if (a[i] !== b[i]) equal = false;
    if (a.length !== b.length) equal = false;
  }
  ctx.close();
  return {
    bytes,
    zarritaMs: Math.min(...z),
    oursMs: Math.min(...o),
    longOurs,
    longZarrita,
    equal,
    workers: ctx.executor.concurrency,
  };
}

/** Run 2: cold time to the first 2-D slice over HTTP (metadata + chunks). */
async function firstSlice(which: 'ours' | 'zarrita' | 'bodies', name: string, selection: DimSelection[]) {
  // When its objects' last bytes arrived, and over which protocol, the bench reads from the resource timing of the
  // page and of its workers (a decode worker fetches the chunks it decodes): `start` is on the page's clock.
  const t0 = performance.now();
  let n: number;
  if (which === 'ours') {
    performance.mark('zv:first-slice-start'); // for a trace (BENCH_TRACE)
    const store = await appStore();
    const meta = JSON.parse(new TextDecoder().decode((await store.get(`/${name}/.zarray`))!)) as Record<
      string,
      unknown
    >;
    // A fresh cache (cold data) on the page's long-lived pool, as in the app.
    const ctx = createDataContext({ executor: pool() });
    const s = await readSlice(store, variableFromMetadata(name, meta), selection, { context: ctx });
    n = s.data.length;
    const ms = performance.now() - t0;
    performance.mark('zv:first-slice-done');
    return { ms, n, start: t0 };
  }
  if (which === 'bodies') {
    // The floor: the same requests, the bodies read by two workers (as the pool's two fetch a read's chunks).
    n = await bodiesInWorkers(chunkUrls(variableFromMetadata(name, await json(`${DATA}/${name}/.zarray`)), selection));
    return { ms: performance.now() - t0, n, start: t0 };
  }
  const store = new zarr.FetchStore(DATA);
  const arr = await zarr.open.v2(zarr.root(store).resolve(name), { kind: 'array', attrs: false });
  const r = await zarr.get(
    arr,
    selection.map((s) => (typeof s === 'number' ? s : null)),
  );
  n = r.data.length;
  const ms = performance.now() - t0;
  return { ms, n, start: t0 };
}

/** The URLs of the chunks a selection touches, as the data path plans and names them. */
function chunkUrls(variable: Variable, selection: DimSelection[]): string[] {
  const spec = arraySpec(variable);
  return planTasks(resolveSelection(variable.shape, selection), spec.chunks).map(
    (t) => DATA + spec.objectPath(t.coords),
  );
}

const BODY_WORKER = `onmessage = async (e) => {
  const all = await Promise.all(e.data.map(async (u) => (await (await fetch(u)).arrayBuffer()).byteLength));
  postMessage(all.reduce((a, b) => a + b, 0));
};`;
let bodyWorkers: Worker[] | null = null;

/**
 * The floor of any reader: `urls` fetched at once, half by each of two workers that read the bodies whole and decode
 * nothing; their bytes.
 */
async function bodiesInWorkers(urls: string[]): Promise<number> {
  bodyWorkers ??= [0, 1].map(
    () => new Worker(URL.createObjectURL(new Blob([BODY_WORKER], { type: 'text/javascript' }))),
  );
  const parts = bodyWorkers.map((w, i) => {
    const mine = urls.filter((_, k) => k % 2 === i);
    return new Promise<number>((resolve) => {
      w.onmessage = (e: MessageEvent<number>) => resolve(e.data);
      w.postMessage(mine);
    });
  });
  return (await Promise.all(parts)).reduce((a, b) => a + b, 0);
}

/**
 * The store the app opens for the dataset's folder (`openStore`, no request made): its network policy and a request
 * limit that follows the protocol (src/store/protocol.ts), learnt from the metadata's response as when the app opens
 * the dataset.
 */
async function appStore(): Promise<Store> {
  return (await openStore({ kind: 'url', url: `${DATA}/` })).store;
}

let shared: WorkerPool | null = null;
const pool = () => (shared ??= new WorkerPool());

/**
 * Prewarm the worker module and codecs so run 2 measures the network path, as in a page already open: a read of four
 * chunks, so that both decode workers have fetched and decoded before (one chunk warmed one of them).
 */
async function warm() {
  const ctx = createDataContext({ executor: pool() });
  const store = await appStore();
  const meta = await json(`${DATA}/v4d/.zarray`);
  const two = { start: 0, stop: 256 };
  await readSlice(store, variableFromMetadata('v4d', meta), [11, 7, two, two], { context: ctx });
}

Object.assign(window, { bench: { decode, firstSlice, warm } });
document.getElementById('status')!.textContent = 'ready';
