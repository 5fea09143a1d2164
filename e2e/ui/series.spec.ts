/**
 * Time series at a point: a click on a map cell (and on a heatmap cell) of the CMIP-like (noleap calendar) and ERA5-like datasets gives the
 * series zarr-python reads and xarray decodes at the nearest cell (fixtures/series/expected.json, written by
 * scripts/fixtures/make-series-expected.py). The cost is shown before reading; the CSV export holds the values.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeProjection } from '../../src/geo/projection';
import { STATIC_URL } from '../harness/ports';
import { ROOT, openUrl, selectPath, seriesCsvRows } from './helpers';
import { framePoint } from './map-helpers';

interface Expected {
  dataset: string;
  variable: string;
  target: [number, number];
  lat: number;
  lon: number;
  times: string[];
  decoded: (number | null)[];
}
const expected = (
  JSON.parse(readFileSync(path.join(ROOT, 'fixtures/series/expected.json'), 'utf8')) as { series: Expected[] }
).series;
const CHUNKS: Record<string, number> = { '/tas': 2, '/t': 4 };

for (const e of expected) {
  test(`a click on the map of ${e.dataset} gives the series at (${e.lat}, ${e.lon}) as zarr-python reads it`, async ({
    page,
  }) => {
    await page.goto('/');
    await openUrl(page, `${STATIC_URL}/fixtures/${e.dataset}`);
    await selectPath(page, e.variable);
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    const canvas = page.getByTestId('map-canvas');
    await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
    const w = Number(await canvas.getAttribute('data-width'));
    const h = Number(await canvas.getAttribute('data-height'));
    // The click goes to the centre of the cell xarray picked for the target (the target itself lies within a pixel
    // or two of a cell edge, where a layout shift of one pixel picks the neighbour).
    const lon = ((((e.lon + 180) % 360) + 360) % 360) - 180;
    const [px, py] = makeProjection({ name: 'equirectangular', center: [0, 0], width: w, height: h })([lon, e.lat])!;
    const at = await framePoint(page, px, py);
    await page.mouse.click(at.x, at.y);

    // Any series region first, so a click on the wrong cell fails naming the cell it hit.
    const any = page.getByRole('region', { name: /^Time series at / });
    await expect(any).toBeVisible();
    await expect(any).toHaveAccessibleName(`Time series at (${e.lat}, ${e.lon})`);
    const region = page.getByRole('region', { name: `Time series at (${e.lat}, ${e.lon})` });
    await expect(region.getByTestId('series-cost')).toContainText(`touches ${CHUNKS[e.variable]} chunk`);
    // Small: read at once, no Read series to click.
    await expect(region.getByTestId('series-read')).toHaveCount(0);
    await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
    await region.getByTestId('series-pin').click();

    const rows = await seriesCsvRows(region);
    expect(rows).toHaveLength(e.decoded.length + 1);
    expect(rows[1]).toContain(e.times[0]!.slice(0, 10));
    const got = rows.slice(1).map((r) => r.split(',')[1] ?? '');
    got.forEach((g, i) => {
      const want = e.decoded[i];
      if (want === null || want === undefined) expect(g).toBe('');
      else expect(Math.abs(Number(g) - want)).toBeLessThanOrEqual(1e-5 * Math.abs(want));
    });
  });
}

// `/tas` (36 × 72) is a plotly heatmap trace; `/t` (91 × 180) is pixels on a canvas under plotly's axes.
for (const [variable, kind] of [
  ['/tas', 'heatmap trace'],
  ['/t', 'image'],
] as const)
  test(`a click on a heatmap cell (${kind}) gives the same series as the map`, async ({ page }) => {
    const e = expected.find((s) => s.variable === variable)!;
    await page.goto('/');
    await openUrl(page, `${STATIC_URL}/fixtures/${e.dataset}`);
    await selectPath(page, e.variable);
    await page.getByRole('button', { name: 'Heatmap', exact: true }).click();
    const plot = page.getByTestId('heatmap');
    await expect(plot).toHaveAttribute('data-rendered', /\d+/);
    const types = await plot.evaluate((el) => (el as unknown as { data: { type: string }[] }).data.map((t) => t.type));
    expect(types).toEqual(kind === 'image' ? [] : ['heatmap']);
    await plot.scrollIntoViewIfNeeded();
    // The page position of the cell centre (lon on x, lat on y), from plotly's own axis scales.
    const at = await plot.evaluate(
      (el, [lat, lon]) => {
        const fl = (el as unknown as { _fullLayout: Record<string, any> })._fullLayout; // eslint-disable-line @typescript-eslint/no-explicit-any -- plotly internals
        const box = el.getBoundingClientRect();
        return {
          x: box.left + fl._size.l + fl.xaxis.d2p(lon),
          y: box.top + fl._size.t + fl.yaxis.d2p(lat),
        };
      },
      [e.lat, e.lon] as const,
    );
    await page.mouse.click(at.x, at.y);
    const region = page.getByRole('region', { name: `Time series at (${e.lat}, ${e.lon})` });
    await expect(region).toBeVisible();
    // Small: read at once, no Read series to click.
    await expect(region.getByTestId('series-read')).toHaveCount(0);
    await expect(region.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
    // The series is drawn as its values arrive: the export waits for all of them.
    await expect(region).toHaveAttribute('data-state', 'done');
    const got = (await seriesCsvRows(region)).slice(1).map((r) => r.split(',')[1] ?? '');
    expect(got).toHaveLength(e.decoded.length);
    got.forEach((g, i) => {
      const want = e.decoded[i];
      if (want === null || want === undefined) expect(g).toBe('');
      else expect(Math.abs(Number(g) - want)).toBeLessThanOrEqual(1e-5 * Math.abs(want));
    });
  });
