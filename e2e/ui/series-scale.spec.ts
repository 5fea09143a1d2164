/**
 * Point series at scale (fixtures/series-scale, written by scripts/fixtures/make-series-scale.py with zarr-python):
 * a series over 10,000 one-step chunks of a zip read by Range requests says its cost first, paints values before it
 * is done, ends with zarr-python's values, and Cancel stops its requests (counted at the server); a dataset with a
 * time-chunked copy reads the copy (the server sees ranges of the copy's chunks, none of the original's) and says so.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readZipDirectory, blobSource } from '../../src/store/zip-reader';
import type { LogEntry } from '../harness/static-server';
import { STATIC_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath, seriesCsvRows } from './helpers';

const DIR = path.join(ROOT, 'fixtures/series-scale');
interface Series {
  chunks: number;
  lat: number;
  lon: number;
  values: (number | null)[];
}
const expected = JSON.parse(readFileSync(path.join(DIR, 'expected.json'), 'utf8')) as Record<string, Series>;
const LONG = expected['long.zip/tas']!;
const PR = expected['copy.zip/pr']!;
const COPY = expected['copy.zip/pr_rechunked']!;

/** Range requests the static server saw for a fixture zip since `since` (ms since the epoch). */
async function ranges(zip: string, since: number): Promise<LogEntry[]> {
  const log = (await (await fetch(`${STATIC_URL}/__control/log`)).json()) as LogEntry[];
  return log.filter((e) => e.path === `/fixtures/series-scale/${zip}` && e.range !== null && e.time >= since);
}

/** When openPoint clicked the cell (ms since the epoch): a small series is read from then on, with no Read series. */
let lastClick = 0;

/** Opens a zip, shows `variable` as a heatmap and clicks the cell at (lat, lon): the series panel of that point. */
async function openPoint(page: Page, zip: string, variable: string, s: Series) {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/series-scale/${zip}`);
  await selectPath(page, variable);
  await page.getByRole('button', { name: 'Heatmap', exact: true }).click();
  const plot = page.getByTestId('heatmap');
  await expect(plot).toHaveAttribute('data-rendered', /\d+/);
  await plot.scrollIntoViewIfNeeded();
  const at = await plot.evaluate(
    (el, [lat, lon]) => {
      const fl = (el as unknown as { _fullLayout: Record<string, any> })._fullLayout; // eslint-disable-line @typescript-eslint/no-explicit-any -- plotly internals
      const box = el.getBoundingClientRect();
      return { x: box.left + fl._size.l + fl.xaxis.d2p(lon), y: box.top + fl._size.t + fl.yaxis.d2p(lat) };
    },
    [s.lat, s.lon] as const,
  );
  lastClick = Date.now();
  await page.mouse.click(at.x, at.y);
  const region = page.getByRole('region', { name: `Time series at (${s.lat}, ${s.lon})` });
  await expect(region).toBeVisible();
  return region;
}

/** The exported CSV's second column: the series' values ('' where masked). */
async function csvValues(region: ReturnType<Page['getByRole']>): Promise<string[]> {
  return (await seriesCsvRows(region)).slice(1).map((r) => r.split(',')[1] ?? '');
}

/** Float32 values as zarr-python read them (null: NaN, masked). */
function expectValues(got: string[], want: (number | null)[]) {
  expect(got).toHaveLength(want.length);
  const bad = got.flatMap((g, i) => {
    const w = want[i];
    const ok = w === null || w === undefined ? g === '' : g !== '' && Math.fround(Number(g)) === Math.fround(w);
    return ok ? [] : [`${i}: ${g} ≠ ${w}`];
  });
  expect(bad.slice(0, 10)).toEqual([]);
}

test.describe('point series at scale', () => {
  test('a series over 10,000 chunks says its cost, paints values as they arrive and ends with zarr-python’s', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    const region = await openPoint(page, 'long.zip', '/tas', LONG);
    await expect(region.getByTestId('series-cost')).toContainText(`touches ${LONG.chunks.toLocaleString('en')} chunks`);
    const since = Date.now();
    await region.getByTestId('series-read').click();
    // Before it is done: some values in, the plot drawn with them, the progress bar and Cancel shown.
    await expect(region).toHaveAttribute('data-state', 'partial', { timeout: 60_000 });
    await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
    const partial = await region.evaluate((el) => {
      const plot = el.querySelector('[data-testid=series-plot]') as unknown as { data: { y: (number | null)[] }[] };
      return {
        state: el.getAttribute('data-state'),
        values: Number(el.getAttribute('data-values')),
        drawn: plot.data.at(-1)!.y.filter((v) => v !== null).length,
      };
    });
    expect(partial.state).toBe('partial');
    expect(partial.values).toBeGreaterThan(0);
    expect(partial.drawn).toBeGreaterThan(0);
    expect(partial.drawn).toBeLessThan(LONG.chunks);
    await expect(region.getByTestId('cancel')).toBeVisible();

    await expect(region).toHaveAttribute('data-state', 'done', { timeout: 360_000 });
    expectValues(await csvValues(region), LONG.values);
    // One range per chunk (the chunk of the heatmap's step is read again: the series keeps no chunk cache entries
    // of its own, but uses those it finds).
    const reads = await ranges('long.zip', since);
    expect(reads.length).toBeGreaterThanOrEqual(LONG.chunks - 1);
    expect(reads.length).toBeLessThanOrEqual(LONG.chunks);
  });

  test('Cancel stops the requests, keeps the values that arrived, and Read the rest goes on', async ({ page }) => {
    const region = await openPoint(page, 'long.zip', '/tas', LONG);
    const since = Date.now();
    await region.getByTestId('series-read').click();
    await expect(region).toHaveAttribute('data-state', 'partial', { timeout: 60_000 });
    await region.getByTestId('cancel').click();
    await expect(region).toHaveAttribute('data-state', 'cancelled');
    await expect(region.getByTestId('series-cancelled')).toContainText('Cancelled');
    const kept = Number(await region.getAttribute('data-values'));
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(LONG.chunks);
    // Requests already sent finish; none starts after them.
    await page.waitForTimeout(1000);
    const atCancel = (await ranges('long.zip', since)).length;
    await page.waitForTimeout(2000);
    expect((await ranges('long.zip', since)).length).toBe(atCancel);
    expect(atCancel).toBeLessThan(LONG.chunks);
    await expect(region.getByTestId('series-resume')).toBeVisible();
  });

  test('a dataset with a time-chunked copy reads the copy and says so', async ({ page }) => {
    const region = await openPoint(page, 'copy.zip', '/pr', PR);
    await expect(region.getByTestId('series-source')).toHaveText('Read from /pr_rechunked (chunked along time)');
    await expect(region.getByTestId('series-cost')).toContainText(`touches ${COPY.chunks} chunks`);
    await expect(region.getByTestId('series-cost')).toContainText(
      `instead of ${PR.chunks.toLocaleString('en')} chunks of /pr`,
    );
    // Which zip entry each range starts at (each chunk read is one range from its local header).
    const zip = readFileSync(path.join(DIR, 'copy.zip'));
    const entries = await readZipDirectory(blobSource(new Blob([zip]), 'copy.zip'));
    const at = new Map([...entries.values()].map((e) => [e.localHeaderOffset, e.name]));
    // Four chunks: read at once, from the click on.
    const since = lastClick;
    await expect(region.getByTestId('series-read')).toHaveCount(0);
    await expect(region).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    const names = (await ranges('copy.zip', since)).map((e) => at.get(Number(/bytes=(\d+)-/.exec(e.range!)?.[1])));
    expect(names.filter((n) => n?.startsWith('pr_rechunked/')).length).toBe(COPY.chunks);
    expect(names.filter((n) => n?.startsWith('pr/'))).toEqual([]);
    const got = await csvValues(region);
    expectValues(got, COPY.values);
    expectValues(got, PR.values);
  });
});
