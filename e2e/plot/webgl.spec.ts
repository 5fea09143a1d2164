/**
 * Heatmap images coloured on the GPU (WebGL2, app/plot/gl/) have the pixels of the workers' CPU colouring within
 * ±1 per channel: the same slice is opened once with `localStorage['zarrview.colourPath'] = 'canvas'` and once with
 * `'webgl2'`, and the raster canvases are compared pixel for pixel (linear, log, symlog, an inverted map with a
 * fixed range, masked and NaN cells, a descending axis, a transposed float64 slice with a large offset). Without
 * WebGL2 (`getContext('webgl2')` gives null) the picture comes from the workers with the same pixels; a new colour
 * map on the GPU path is drawn without a worker request.
 */
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { colorAt, rgbStops } from '../../src/render/colormap';
import { FILL_CELL, NAN_CELL, NX, NY, WLAT, WLON, latAt, lonAt, valueAt, writeWebglField } from './webgl-field';

type Path = 'canvas' | 'webgl2';

/** A share link (the app's URL fragment) for the webgl field's variable with these view parameters. */
function link(variable: string, params: Record<string, string> = {}): string {
  const p = new URLSearchParams({ url: `${STATIC_URL}${writeWebglField()}#mode=zarr`, var: variable, ...params });
  return `/#${p.toString()}`;
}

/** Opens a link with the colour path forced (and, with `noWebgl2`, WebGL2 missing); waits for the picture. */
async function open(page: Page, href: string, path: Path, noWebgl2 = false): Promise<void> {
  await page.addInitScript(
    ([p, off]) => {
      localStorage.setItem('zarrview.colourPath', p as string);
      if (!off) return;
      for (const proto of [HTMLCanvasElement.prototype, OffscreenCanvas.prototype] as { getContext: unknown }[]) {
        const original = proto.getContext as (this: unknown, kind: string, ...rest: unknown[]) => unknown;
        proto.getContext = function (this: unknown, kind: string, ...rest: unknown[]) {
          return kind === 'webgl2' ? null : original.call(this, kind, ...rest);
        };
      }
    },
    [path, noWebgl2] as const,
  );
  await page.goto(href);
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/, { timeout: 60_000 });
}

/** The colour path that drew the picture on screen. */
const colourPath = (page: Page) => page.locator('html').getAttribute('data-colour-path');

/** Axis coordinates of every cell of a variable (x, y), as drawn. */
function cellsOf(variable: string): { xs: number[]; ys: number[] } {
  const range = (n: number, at: (i: number) => number) => Array.from({ length: n }, (_, i) => at(i));
  return variable === '/wide'
    ? { xs: range(WLON, (i) => 100 - i), ys: range(WLAT, (j) => -40 + 0.5 * j) }
    : { xs: range(NX, lonAt), ys: range(NY, latAt) };
}

/**
 * The raster canvas's pixel at the centre of every cell (row by row), RGBA. Cell centres, not every pixel: where a
 * cell edge falls on a pixel centre, a canvas may sample a GPU-made bitmap and a CPU-made one a pixel apart.
 */
async function raster(page: Page, variable: string): Promise<Buffer> {
  const b64 = await page.getByTestId('heatmap').evaluate((el, { xs, ys }) => {
    const fl = (el as unknown as { _fullLayout: Record<string, { d2p(v: number): number }> })._fullLayout;
    const canvas = el.closest('figure')!.querySelector('canvas')!;
    const k = canvas.width / canvas.getBoundingClientRect().width;
    const all = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const px = xs.map((x) => Math.floor(fl.xaxis!.d2p(x) * k));
    const out = new Uint8Array(xs.length * ys.length * 4);
    let o = 0;
    for (const y of ys) {
      const py = Math.floor(fl.yaxis!.d2p(y) * k);
      for (const p of px) for (let c = 0; c < 4; c++) out[o++] = all[(py * canvas.width + p) * 4 + c]!;
    }
    let s = '';
    for (let i = 0; i < out.length; i += 0x8000) s += String.fromCharCode(...out.subarray(i, i + 0x8000));
    return btoa(s);
  }, cellsOf(variable));
  return Buffer.from(b64, 'base64');
}

/** Largest difference of any channel, how many channels differ, and how many pixels are opaque / transparent. */
function compare(a: Buffer, b: Buffer): { maxDiff: number; differing: number; opaque: number; clear: number } {
  let maxDiff = 0;
  let differing = 0;
  let opaque = 0;
  let clear = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    if (d > 0) differing++;
    if (d > maxDiff) maxDiff = d;
    if (i % 4 === 3) {
      if (a[i] === 255) opaque++;
      if (a[i] === 0) clear++;
    }
  }
  return { maxDiff, differing, opaque, clear };
}

/** Pixels of the raster canvas at the centres of cells given by their coordinates (x, y). */
function colours(page: Page, points: readonly (readonly [number, number])[]): Promise<number[][]> {
  return page.getByTestId('heatmap').evaluate((el, pts) => {
    const fl = (el as unknown as { _fullLayout: Record<string, { d2p(v: number): number }> })._fullLayout;
    const canvas = el.closest('figure')!.querySelector('canvas')!;
    const k = canvas.width / canvas.getBoundingClientRect().width;
    const ctx = canvas.getContext('2d')!;
    return pts.map(([x = 0, y = 0]) =>
      Array.from(ctx.getImageData(Math.floor(fl.xaxis!.d2p(x) * k), Math.floor(fl.yaxis!.d2p(y) * k), 1, 1).data),
    );
  }, points);
}

const cell = (x: number, y: number) => [lonAt(x), latAt(y)] as const;

const CASES: [string, string, Record<string, string>][] = [
  ['linear, NaN and fill-value cells, lat descending', '/field', {}],
  ['log (a zero cell is a gap)', '/field', { scale: 'log' }],
  ['symlog', '/field', { scale: 'symlog', cmap: 'plasma' }],
  ['inverted magma over a fixed range', '/field', { cmap: 'magma', inv: '1', range: '20000,90000' }],
  ['float64 with a large offset, transposed, lon descending', '/wide', { x: 'wlon', y: 'wlat', cmap: 'rdbu' }],
];

for (const [name, variable, params] of CASES)
  test(`GPU and CPU colouring give the same pixels: ${name}`, async ({ browser }) => {
    // Two pages, each opening the dataset: a busy machine takes its time.
    test.setTimeout(180_000);
    const href = link(variable, params);
    const shots: Record<Path, Buffer> = {} as never;
    for (const path of ['canvas', 'webgl2'] as const) {
      const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
      await open(page, href, path);
      expect(await colourPath(page)).toBe(path);
      shots[path] = await raster(page, variable);
      await page.close();
    }
    const c = compare(shots.webgl2, shots.canvas);
    // A picture, not an empty canvas: every cell opaque but the masked ones (and log's zero).
    const clear = variable === '/wide' ? 0 : params.scale === 'log' ? 3 : 2;
    expect([c.opaque, c.clear]).toEqual([shots.canvas.length / 4 - clear, clear]);
    expect(c.maxDiff).toBeLessThanOrEqual(1);
  });

test('the GPU path: masked and NaN cells are gaps, the extremes the colour map’s ends', async ({ page }) => {
  await open(page, link('/field'), 'webgl2');
  expect(await colourPath(page)).toBe('webgl2');
  const hi = valueAt(0, NY - 1, NX - 1);
  const expected = (x: number, y: number) => [...colorAt(rgbStops('viridis'), valueAt(0, y, x) / hi), 255];
  const cells = [
    [0, 0],
    [NX - 1, NY - 1],
    [40, 100],
    [NAN_CELL[0], NAN_CELL[1]],
    [FILL_CELL[0], FILL_CELL[1]],
  ] as const;
  const got = await colours(
    page,
    cells.map(([x, y]) => cell(x, y)),
  );
  const want = [...cells.slice(0, 3).map(([x, y]) => expected(x, y)), [0, 0, 0, 0], [0, 0, 0, 0]];
  for (let i = 0; i < want.length; i++)
    for (let ch = 0; ch < 4; ch++) expect(Math.abs(got[i]![ch]! - want[i]![ch]!)).toBeLessThanOrEqual(1);
});

test('without WebGL2 the workers colour the picture, with the same pixels', async ({ browser }) => {
  test.setTimeout(180_000);
  const href = link('/field', { scale: 'symlog' });
  const gpu = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  await open(gpu, href, 'webgl2');
  expect(await colourPath(gpu)).toBe('webgl2');
  const a = await raster(gpu, '/field');
  await gpu.close();
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  // Forced to the GPU path, which is missing: the fallback draws.
  await open(page, href, 'webgl2', true);
  expect(await page.evaluate(() => new OffscreenCanvas(1, 1).getContext('webgl2'))).toBeNull();
  expect(await colourPath(page)).toBe('canvas');
  const b = await raster(page, '/field');
  expect(compare(b, a).maxDiff).toBeLessThanOrEqual(1);
  await page.close();
});

test('a new colour map on the GPU path is one draw: no worker request', async ({ page }) => {
  // Count the messages that ask a decode worker for an image ('render', 'slice-image').
  await page.addInitScript(() => {
    const w = window as unknown as { imageRequests: number };
    w.imageRequests = 0;
    const post = Worker.prototype.postMessage as (this: Worker, m: unknown, ...rest: unknown[]) => void;
    Worker.prototype.postMessage = function (this: Worker, m: unknown, ...rest: unknown[]) {
      const type = (m as { type?: unknown } | null)?.type;
      if (type === 'render' || type === 'slice-image') w.imageRequests++;
      return post.call(this, m, ...rest);
    } as typeof Worker.prototype.postMessage;
  });
  await open(page, link('/field'), 'webgl2');
  const heatmap = page.getByTestId('heatmap');
  const requests = () => page.evaluate(() => (window as unknown as { imageRequests: number }).imageRequests);
  // Settled: the prefetch of the next time step (read and decoded at low priority) is done.
  let before = -1;
  await expect
    .poll(
      async () => {
        const n = await requests();
        await page.waitForTimeout(1500);
        before = await requests();
        return n === before;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const rendered = Number(await heatmap.getAttribute('data-rendered'));
  await page.getByTestId('colormap').selectOption('magma');
  await expect(heatmap).toHaveAttribute('data-rendered', String(rendered + 1));
  expect(await colourPath(page)).toBe('webgl2');
  const [lowest] = await colours(page, [cell(0, 0)]);
  expect(lowest).toEqual([...colorAt(rgbStops('magma'), 0), 255]);
  await page.waitForTimeout(500);
  expect(await requests()).toBe(before);
});
