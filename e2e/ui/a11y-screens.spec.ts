import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { BUCKET, S3_URL, STATIC_URL } from '../harness/ports';
import { fixtureUrl, openUrl, ROOT, selectPath, showMetadata } from './helpers';

test.use({ bypassCSP: true });

const axeSource = readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

async function axe(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const r = await (
      window as unknown as {
        axe: {
          run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }>;
        };
      }
    ).axe.run(document, {
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      targets: (v.nodes as { target: unknown; failureSummary?: string }[])
        .slice(0, 4)
        .map((n) => [n.target, n.failureSummary]),
    }));
  });
  await info.attach(`axe-${name}.json`, { body: JSON.stringify(result, null, 2), contentType: 'application/json' });
  expect(result.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  const file = info.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await info.attach(name, { path: file, contentType: 'image/png' });
}

test('main screens are axe-clean of serious violations (light and dark) and saved as screenshots', async ({
  page,
}, info) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/');
    await expect(page.getByTestId('open-panel')).toBeVisible();
    await axe(page, info, `start-${scheme}`);
    await shot(page, info, `start-${scheme}`);
    await openUrl(page, fixtureUrl('netcdf-c-4.9.3/nczarr-file/groups'));
    await axe(page, info, `group-${scheme}`);
    await shot(page, info, `group-${scheme}`);
    await selectPath(page, '/temp');
    await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
    await axe(page, info, `heatmap-${scheme}`);
    await shot(page, info, `heatmap-${scheme}`);
    await page.getByTestId('view-matrix').click();
    await axe(page, info, `matrix-${scheme}`);
    await page.getByTestId('view-histogram').click();
    await expect(page.getByTestId('stats')).toBeVisible();
    await shot(page, info, `histogram-${scheme}`);
    await showMetadata(page);
    await page.getByRole('tab', { name: 'CDL' }).click();
    await shot(page, info, `cdl-${scheme}`);
  }
});

test('the reanalysis-like demo: heatmap, metadata, CDL, series, Map and an error are axe-clean', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByTestId('demo-t2m-2023').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await selectPath(page, '/t2m');
  const heatmap = page.getByTestId('heatmap');
  await expect(heatmap).toHaveAttribute('data-rendered', /\d+/);
  await axe(page, info, 't2m-heatmap');
  await showMetadata(page);
  await expect(page.getByTestId('overview')).toBeVisible();
  await axe(page, info, 't2m-metadata');
  await page.getByRole('tab', { name: 'CDL' }).click();
  await axe(page, info, 't2m-cdl');
  const box = (await heatmap.locator('.nsewdrag').first().boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const series = page.getByRole('region', { name: /^Time series at / });
  const read = series.getByTestId('series-read');
  await expect(series.getByTestId('series-plot').or(read)).toBeVisible();
  if (await read.isVisible()) await read.click();
  await expect(series.getByTestId('series-plot')).toHaveAttribute('data-rendered', /\d+/);
  await axe(page, info, 't2m-series');
  await page.getByTestId('view-map').click();
  await expect(page.getByTestId('map-canvas')).toHaveAttribute('data-rendered', /\d+/);
  await axe(page, info, 't2m-map');

  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(`${STATIC_URL}/fixtures/no-such-dataset.zarr`);
  await field.press('Enter');
  await expect(page.getByTestId('error-message')).toBeVisible({ timeout: 45_000 });
  await axe(page, info, 'error');
});

test('a browse listing is axe-clean', async ({ page }, info) => {
  await page.goto('/');
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(`${S3_URL}/${BUCKET}/fixtures/listing/goes/#mode=s3`);
  await field.press('Enter');
  await expect(page.getByTestId('browse-row').first()).toBeVisible();
  await axe(page, info, 'browse');
});
