/**
 * DSG Map checks shared by the DSG specs: open a fixture's variable on the Map, the frame projection of the
 * canvas, and the colour at a mark's place on the canvas as drawn — on the whole frame, or on the image of a zoom
 * (the Map opens framed on a regional network: `data-extent` then names the frame box the canvas shows).
 */
import { expect, type Page } from '@playwright/test';
import { makeProjection, zoomedProjection } from '../../src/geo/projection';
import { isProjectionName, type ProjectionName } from '../../src/geo/projection-names';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from '../ui/helpers';
import { pixels } from '../ui/map-helpers';

/** Opens a fixture's variable on the Map (a 2-D variable first shown along `along` alone). */
export async function openDsgMap(page: Page, file: string, variable: string, along?: string) {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}/fixtures/dsg/${file}`);
  await selectPath(page, variable);
  if (along) {
    await page.getByTestId('x-dim').selectOption({ label: along });
    await page.getByTestId('y-dim').selectOption({ value: '' });
  }
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-grid', 'dsg');
  return canvas;
}

async function frameSpec(page: Page) {
  const canvas = page.getByTestId('map-canvas');
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  const name = (await canvas.getAttribute('data-projection'))!;
  expect(isProjectionName(name)).toBe(true);
  const center = (await canvas.getAttribute('data-center'))!.split(',').map(Number) as [number, number];
  const width = Number(await canvas.getAttribute('data-width'));
  const height = Number(await canvas.getAttribute('data-height'));
  return { name: name as ProjectionName, center, width, height };
}

/** The frame pixel of each mark (the canvas's projection), and the marks the view says it placed. */
export async function projected(page: Page) {
  const spec = await frameSpec(page);
  const proj = makeProjection(spec);
  const marks = JSON.parse((await page.getByTestId('map-canvas').getAttribute('data-marks'))!) as [number, number][];
  return { marks, spec, at: (lon: number, lat: number) => proj([lon, lat])! };
}

/** The RGB on the canvas at each longitude/latitude, as the canvas is drawn now (whole frame or a zoom). */
export async function coloursAt(page: Page, places: readonly (readonly [number, number])[]): Promise<number[][]> {
  const canvas = page.getByTestId('map-canvas');
  const spec = await frameSpec(page);
  const extent = await canvas.getAttribute('data-extent');
  const size = await canvas.evaluate((c) => [(c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height] as const);
  const proj = extent
    ? zoomedProjection(spec, extent.split(',').map(Number) as [number, number, number, number], size)
    : makeProjection(spec);
  const px = places.map(([lon, lat]) => proj([lon, lat])!.map(Math.floor) as [number, number]);
  return (await pixels(page, px)).map((b) => b.slice(16, 19));
}
