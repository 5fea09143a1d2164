/**
 * Pictures of the views that read by viewport (bench/synthetic/: a 43,200 × 21,600 float32 field as a 7-level
 * pyramid, and the same on latitude/longitude for the Map) at the size asked: PNG (width × height × scale device
 * pixels, read from the file's IHDR) and SVG (its width and height, the pixels as an embedded image). A scalar (the
 * t2m demo's `height`) has no plot: its PNG and SVG buttons are disabled and say why.
 */
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from '../ui/helpers';
import { checkColourBar, checkGlobalGraticule } from './map-checks';
import { pngSize, save, svgSize } from './export-files';

/** PNG at 640 × 400 × 2 and 300 × 200 × 1, SVG at 640 × 400 holding the pixels; returns the SVG's text. */
async function checkSizes(page: Page, what: string): Promise<string> {
  await page.getByTestId('export-width').fill('640');
  await page.getByTestId('export-height').fill('400');
  await page.getByTestId('export-scale').selectOption('2');
  expect(pngSize(await save(page, 'png')), `${what} PNG`).toEqual([1280, 800]);
  const svg = (await save(page, 'svg')).toString('utf8');
  expect(svgSize(svg), `${what} SVG`).toEqual([640, 400]);
  expect(svg.includes('<image'), `${what} SVG: its pixels`).toBe(true);
  await page.getByTestId('export-width').fill('300');
  await page.getByTestId('export-height').fill('200');
  await page.getByTestId('export-scale').selectOption('1');
  expect(pngSize(await save(page, 'png')), `${what} PNG`).toEqual([300, 200]);
  return svg;
}

test('PNG and SVG of the tiled heatmap and the tiled Map are pictures of the size asked', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/synthetic/geo-pyramid.zarr`);
  await selectPath(page, '/0/tas');
  await expect(page.getByTestId('tiled-heatmap')).toHaveAttribute('data-pyramid-level', /^\d$/, { timeout: 60_000 });
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/, { timeout: 60_000 });
  const heatmap = await checkSizes(page, 'tiled heatmap');
  expect(heatmap.includes('tas</text>'), 'tiled heatmap SVG: the colour bar').toBe(true);

  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByTestId('tiled-map')).toHaveAttribute('data-pyramid-level', /^\d$/, { timeout: 60_000 });
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-rendered', /\d+/, { timeout: 60_000 });
  // The ordinary Map's chrome: a colour bar with ticks and the units (the store's own attribute), a labelled graticule.
  const attrs = (await (await page.request.get(`${STATIC_URL}/synthetic/geo-pyramid.zarr/0/tas/.zattrs`)).json()) as {
    units: string;
  };
  const units = `[${attrs.units}]`;
  const map = page.getByTestId('tiled-map');
  await checkColourBar(map, new RegExp(`${units.replace(/[[\]]/g, '\\$&')}$`));
  await checkGlobalGraticule(map);
  const svg = await checkSizes(page, 'tiled Map');
  expect(svg.includes(`${units}</text>`), 'tiled Map SVG: the colour bar').toBe(true);
  expect(svg.includes('0°</text>'), 'tiled Map SVG: the graticule labels').toBe(true);
});

test('a scalar has no picture to export: PNG and SVG are disabled and say why, CSV and NPY are not', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('demo-t2m-2023').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await selectPath(page, '/height');
  await expect(page.getByTestId('scalar-value')).toBeVisible();
  for (const f of ['png', 'svg']) {
    await expect(page.getByTestId(`export-${f}`)).toBeDisabled();
    await expect(page.getByTestId(`export-${f}`)).toHaveAttribute('title', /no plot/);
  }
  await expect(page.getByTestId('export-csv')).toBeEnabled();
  await expect(page.getByTestId('export-npy')).toBeEnabled();
});
