/**
 * The Code of a HEALPix pyramid's Map opens the level the Map draws: from a share link to one level of
 * fixtures/global-grids/healpix-pyramid.zarr (scripts/fixtures/make-global-grids.py), the Map draws the level the
 * screen needs (another nside, `data-cells`), and the Code panel's healpy lines open that level's group and say
 * which level was drawn of the one selected.
 */
import { expect, test } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { openMore } from '../ui/helpers';

test('HEALPix pyramid from a share link: the Code’s healpy lines open the level the Map draws, not the selected one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const link = new URLSearchParams({
    url: `${STATIC_URL}/fixtures/global-grids/healpix-pyramid.zarr`,
    var: '/zoom_2/tas',
    x: 'cell',
  });
  link.set('view', 'map');
  await page.goto(`/#${link}`);
  const canvas = page.getByTestId('map-canvas');
  // The screen needs nside 16: zoom_4 is drawn, zoom_2 (nside 4) is selected.
  await expect(canvas).toHaveAttribute('data-cells', 'HEALPix nest nside 16');
  await expect(canvas).toHaveAttribute('data-rendered', /\d+/);
  await openMore(page);
  await page.getByRole('button', { name: 'Code' }).click();
  await expect(page.getByRole('region', { name: 'Map (healpy)' })).toBeVisible();
  const healpy = await page.getByTestId('code-map').innerText();
  expect(healpy.split('\n')[0]).toContain('# The Map drew level zoom_4 of the selected zoom_2');
  expect(healpy).toContain('group="zoom_4"');
  expect(healpy).not.toContain('group="zoom_2"');
  expect(healpy).toContain('nside = 16');
});
