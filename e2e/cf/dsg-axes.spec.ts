/**
 * Station (CF DSG) data against their names: the demo's /observations/air_temperature(station, time) heatmap has
 * the station names as the station axis's tick texts. Expected names: netCDF4-python's reading of the CDL that made
 * the demo (fixtures/cf/dsg/names.json, scripts/cf/make-dsg.py). The char array /station_name(station, namelen) is
 * a column of those names in the Matrix, not a grid of letters (a row of them when transposed), and its CSV lists
 * them. A line along the stations has the names as x ticks and in its hover; along time, the station slider's label
 * is the station's name.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { cellValue, column, ROOT, selectPath } from '../ui/helpers';

const names = (
  JSON.parse(readFileSync(path.join(ROOT, 'fixtures/cf/dsg/names.json'), 'utf8')) as Record<
    string,
    Record<string, string[]>
  >
)['demo/nczarr-groups.file']?.['/station_name'];

/** The export bar's CSV: a header, then one `label,string` line per string (the names have no comma nor quote). */
async function csvStrings(page: Page): Promise<string[]> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const lines = readFileSync((await dl.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
  expect(lines[0]!.split(',')).toHaveLength(2);
  return lines.slice(1).map((l) => l.split(',')[1] ?? '');
}

test('the heatmap of station data has the station names as ticks', async ({ page }) => {
  expect(names?.length).toBe(3);
  await page.goto('/');
  await page.getByTestId('demo-nczarr-groups').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await selectPath(page, '/observations/air_temperature');
  const plot = page.getByTestId('heatmap');
  await expect(plot).toHaveAttribute('data-rendered', /\d+/);
  await expect
    .poll(async () => (await plot.locator('.ytick text').allTextContents()).filter((t) => t !== ''))
    .toEqual(names);
});

test('the Matrix of a char array shows one string per row', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('demo-nczarr-groups').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await selectPath(page, '/station_name');
  await expect(page.getByTestId('matrix')).toBeVisible();
  await expect.poll(() => column(page, 3)).toEqual(names);
  await expect(page.getByTestId('cell-0-1')).toHaveCount(0);
  expect(await csvStrings(page)).toEqual(names);
});

test('the Matrix of a char array transposed (the string dimension along the rows) shows one string per column', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('demo-nczarr-groups').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await selectPath(page, '/station_name');
  await expect(page.getByTestId('matrix')).toBeVisible();
  // x: the station, y: the string length (after x in the variable's order: transposed).
  await page.getByTestId('x-dim').selectOption({ label: 'station' });
  await page.getByTestId('y-dim').selectOption({ label: 'namelen' });
  await expect(page.getByTestId('y-dim')).toHaveValue('1');
  const row = async () => {
    const out: (string | null)[] = [];
    for (let c = 0; c < 3; c++) out.push(await cellValue(page, 0, c));
    return out;
  };
  await expect.poll(row).toEqual(names);
  await expect(page.getByTestId('cell-1-0')).toHaveCount(0);
  expect(await csvStrings(page)).toEqual(names);
});

test('a line along the stations has their names as x ticks and in the hover; a station slider names its station', async ({
  page,
}) => {
  expect(names?.length).toBe(3);
  await page.goto('/');
  await page.getByTestId('demo-nczarr-groups').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await selectPath(page, '/observations/air_temperature');
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);

  // A line along the station dimension (time held by its slider).
  await page.getByTestId('x-dim').selectOption({ label: 'station' });
  await page.getByTestId('y-dim').selectOption({ value: '' });
  const plot = page.getByTestId('line-plot');
  await expect(plot.locator('.xtick text').first()).toBeVisible();
  await expect
    .poll(async () => (await plot.locator('.xtick text').allTextContents()).filter((t) => t !== ''))
    .toEqual(names);
  const points = plot.locator('.scatterlayer .point');
  await expect(points).toHaveCount(names!.length);
  const hovered: string[] = [];
  for (let i = 0; i < names!.length; i++) {
    const b = (await points.nth(i).boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 - 12);
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 3 });
    await expect(plot.locator('.hoverlayer')).toContainText(names![i]!);
    hovered.push((await plot.locator('.hoverlayer').textContent()) ?? '');
  }
  expect(hovered.map((t) => names!.find((n) => t.includes(`station: ${n}`)))).toEqual(names);

  // A line along time: the station is a slider, its label the selected station's name.
  await page.getByTestId('x-dim').selectOption({ label: 'time' });
  await expect(page.getByTestId('slider-station')).toBeVisible();
  for (const i of [2, 0, 1]) {
    await page.getByTestId('index-station').fill(String(i));
    await expect(page.getByTestId('coord-station')).toHaveText(names![i]!);
    await expect(page.getByTestId('slider-station')).toHaveAttribute('aria-valuetext', `${i}: ${names![i]}`);
  }
});
