/**
 * A big slice (240 × 320) is drawn as an image coloured in the decode workers: plotly shows one image trace with
 * a colour bar; hovering shows the coordinates and the value of the cell under the pointer, looked up in the
 * slice; the colours are the colour map's (the lowest value has the map's first colour).
 */
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from '../ui/helpers';
import { NX, NY, latAt, lonAt, valueAt, writeBigField } from './big-field';

const url = () => `${STATIC_URL}${writeBigField('image-heatmap')}#mode=zarr`;

/** The plot's trace types as plotly holds them. */
function traceTypes(page: Page): Promise<string[]> {
  return page
    .getByTestId('heatmap')
    .evaluate((el) => ((el as unknown as { data: { type: string }[] }).data ?? []).map((t) => t.type));
}

test('a big slice is an image with a colour bar; hover shows the cell’s coordinates and value', async ({ page }) => {
  await page.goto('/');
  await openUrl(page, url());
  await selectPath(page, '/field');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  expect(await traceTypes(page)).toEqual(['image', 'scatter']);
  await expect(heatmap.locator('.colorbar')).toBeVisible();
  // The image is placed on the coordinates: x from lon 0; lat descends, so rows run from the last one (lat -59.5).
  const trace = (await heatmap.evaluate((el) => (el as unknown as { data: Record<string, number>[] }).data[0]))!;
  expect([trace.x0, trace.dx, trace.y0, trace.dy]).toEqual([lonAt(0), 0.5, latAt(NY - 1), 0.5]);

  await heatmap.scrollIntoViewIfNeeded();
  const box = (await heatmap.locator('.nsewdrag').first().boundingBox())!;
  for (const [fx, fy] of [
    [0.5, 0.5],
    [0.2, 0.8],
    [0.9, 0.1],
  ] as const) {
    await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy, { steps: 3 });
    const readout = page.getByTestId('hover-value');
    // The read-out follows the pointer: wait until it shows the cell under it.
    let text = '';
    let [x, y] = [-1, -1];
    await expect(async () => {
      text = await readout.innerText();
      const lon = Number(/lon[^:]*: (-?[\d.]+)/.exec(text)?.[1]);
      const lat = Number(/lat[^:]*: (-?[\d.]+)/.exec(text)?.[1]);
      [x, y] = [Math.round(lon / 0.5), Math.round((60 - lat) / 0.5)];
      // About where the pointer is (the image fills the plot area).
      expect(Math.abs(x / NX - fx)).toBeLessThan(0.03);
      expect(Math.abs(y / NY - fy)).toBeLessThan(0.03);
    }).toPass({ timeout: 10_000 });
    expect(lonAt(x)).toBeCloseTo(Number(/lon[^:]*: (-?[\d.]+)/.exec(text)?.[1]), 6);
    expect(latAt(y)).toBeCloseTo(Number(/lat[^:]*: (-?[\d.]+)/.exec(text)?.[1]), 6);
    expect(text).toContain(`big field: ${valueAt(0, y, x)}`);
  }
});

test('the image’s pixels have the colour map’s colours: the lowest value the first stop, the highest the last', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, url());
  await selectPath(page, '/field');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  const px = await heatmap.evaluate(
    async (el, [ny = 0, nx = 0]) => {
      const src = (el as unknown as { data: { source: string }[] }).data[0]!.source;
      const img = new Image();
      img.src = src;
      await img.decode();
      const c = document.createElement('canvas');
      [c.width, c.height] = [img.width, img.height];
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const at = (x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data);
      // Image row 0 is the last lat index (the image is drawn bottom-up on an ascending axis).
      return { size: [img.width, img.height], first: at(0, ny - 1), last: at(nx - 1, 0), masked: at(9, ny - 1 - 7) };
    },
    [NY, NX],
  );
  expect(px.size).toEqual([NX, NY]);
  expect(px.first).toEqual([0x44, 0x01, 0x54, 255]); // viridis' first stop
  expect(px.last).toEqual([0xfd, 0xe7, 0x25, 255]); // and its last
  expect(px.masked[3]).toBe(0); // a masked cell is a gap
});

test('scrubbing: the next time step was prefetched while the first was shown (telemetry counts the hits)', async ({
  page,
}) => {
  await page.goto('/');
  await openUrl(page, url());
  await selectPath(page, '/field');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/, { timeout: 30_000 });
  await page.getByTestId('telemetry').locator('summary').click();
  await expect(page.getByTestId('telemetry-prefetch-hits')).toHaveText('0');
  // Requests settle once the neighbours (time 1; time 2 after it) are in.
  // The panel refreshes once a second and the prefetch waits for the user to dwell: settled means the same count
  // over more than two refreshes (a busy machine can take seconds to read both neighbours).
  let requests = '';
  await expect
    .poll(
      async () => {
        const before = await page.getByTestId('telemetry-requests').innerText();
        await page.waitForTimeout(2200);
        requests = await page.getByTestId('telemetry-requests').innerText();
        return before === requests && requests !== '0';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.getByTestId('slider-time').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('slice-view')).toHaveAttribute(
    'data-key',
    JSON.stringify(['/field', [1, null, null], null]),
  );
  await expect(page.getByTestId('telemetry-prefetch-hits')).toHaveText('1', { timeout: 5000 });
  // No new request at all: time 1 came from the prefetch, and its neighbours (0, 2) are cached already.
  await page.waitForTimeout(1100);
  await expect(page.getByTestId('telemetry-requests')).toHaveText(requests);
  const box = (await heatmap.locator('.nsewdrag').first().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
  await expect(page.getByTestId('hover-value')).toContainText(/big field: 1\d{6}/);
});
