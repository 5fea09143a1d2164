/**
 * A share link to a join (app/share/follow-link.ts): its variable's heatmap is on screen once the first member's
 * header is in, not after every member is read. fixtures/aggregate/daily (five netCDF files, written by
 * scripts/fixtures/make-aggregate.py with what xarray's open_mfdataset makes of them: expected.json) on the
 * harness's static server, started for this spec; in the fresh page every member but the first in time order is
 * held (page.route) until the picture is drawn. The link's time step lies in the last member: the slider shows the
 * last step read meanwhile, and ends on the link's step, its values xarray's, once the held members are answered.
 */
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer, type StaticServer } from '../harness/static-server';
import { AGGREGATE_EXPECTED } from '../../src/aggregate/testing/expected';
import { cellValue, openUrl, selectPath } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let web: StaticServer;
test.beforeAll(async () => {
  web = await startStaticServer(ROOT, 0, { autoindex: true });
});
test.afterAll(async () => web?.stop());

test('a share link to a join shows its heatmap before the later members are answered, then its own step', async ({
  page,
  browser,
}) => {
  const e = AGGREGATE_EXPECTED.daily!;
  const ny = e.dims.lat!.size;
  const nx = e.dims.lon!.size;
  const steps = e.dims.time!.size;
  const per = steps / e.members.length;
  // A step of the last member in time order (its second).
  const step = steps - per + 1;
  const glob = `${web.url}/fixtures/aggregate/daily/*.nc`;

  // The link: the join's tas as a heatmap at that step.
  await page.goto('/');
  await openUrl(page, glob);
  await expect(page.getByTestId('join-panel')).toHaveAttribute('data-state', 'done');
  await selectPath(page, '/tas');
  await page.getByRole('button', { name: 'Heatmap', exact: true }).click();
  await page.getByTestId('index-time').fill(String(step));
  await expect(page.getByTestId('slider-time')).toHaveValue(String(step));
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toContain('/tas');
  const link = page.url();

  // A fresh page: every member but the first in time order held until let go.
  const fresh = await browser.newPage();
  const first = e.members[0]!;
  let letGo!: () => void;
  const released = new Promise<void>((r) => (letGo = r));
  const held: string[] = [];
  await fresh.route(
    (u) =>
      u.pathname.startsWith('/fixtures/aggregate/daily/') &&
      /\.nc$/.test(u.pathname) &&
      !u.pathname.endsWith(`/${first}`),
    async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue().catch(() => undefined);
    },
  );
  await fresh.goto(link);
  const heatmap = fresh.getByTestId('heatmap');
  // Drawn from the first member alone: the slider at its last step, the link's step not there yet.
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/);
  const slider = fresh.getByTestId('slider-time');
  await expect(slider).toHaveAttribute('max', String(per - 1));
  await expect(slider).toHaveValue(String(per - 1));
  await expect(fresh.getByTestId('join-panel')).not.toHaveAttribute('data-state', 'done');
  expect(held.length).toBeGreaterThanOrEqual(e.members.length - 1);
  // The address keeps the link's step meanwhile.
  expect(fresh.url()).toBe(link);

  letGo();
  await expect(fresh.getByTestId('join-panel')).toHaveAttribute('data-state', 'done');
  await expect(slider).toHaveAttribute('max', String(steps - 1));
  await expect(slider).toHaveValue(String(step));
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/);
  // The values at the link's step are xarray's.
  await fresh.getByTestId('view-matrix').click();
  const tas = e.values.tas!;
  for (const [y, x] of [
    [0, 0],
    [ny - 1, nx - 1],
  ] as const)
    await expect.poll(async () => Number(await cellValue(fresh, y, x))).toBe(tas[(step * ny + y) * nx + x]);
  await expect(slider).toHaveValue(String(step));
  await fresh.close();
});
