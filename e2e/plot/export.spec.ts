/**
 * Pictures of every plotted view at the size asked: PNG (width × height × scale device pixels, read from the
 * file's IHDR) and SVG (its width and height), for the heatmap, Map, line and histogram of the demo's `air`;
 * the Map's SVG holds its pixels and its colour bar.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { selectPath } from '../ui/helpers';

async function save(page: Page, format: 'png' | 'svg'): Promise<Buffer> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()]);
  return readFileSync((await dl.path())!);
}

function pngSize(b: Buffer): [number, number] {
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

function svgSize(text: string): [number, number] {
  const m = /<svg\b[^>]*>/.exec(text);
  expect(m, 'an <svg> element').not.toBeNull();
  const attr = (n: string) => Number(new RegExp(`\\b${n}="([\\d.]+)`).exec(m![0])?.[1]);
  return [attr('width'), attr('height')];
}

const VIEWS: { kind: string; plot: string; line?: boolean }[] = [
  { kind: 'heatmap', plot: 'heatmap' },
  { kind: 'map', plot: 'map-canvas' },
  { kind: 'histogram', plot: 'histogram' },
  { kind: 'line', plot: 'line-plot', line: true },
];

test('PNG and SVG exports of every view are pictures of the size asked', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await page.getByTestId('demo-cf-demo').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await selectPath(page, '/air');
  for (const v of VIEWS) {
    if (v.line) await page.getByTestId('y-dim').selectOption('');
    await page.getByTestId(`view-${v.kind}`).click();
    await expect(page.getByTestId(v.plot).first()).toHaveAttribute('data-rendered', /\d/);
    await page.getByTestId('export-width').fill('640');
    await page.getByTestId('export-height').fill('400');
    await page.getByTestId('export-scale').selectOption('2');
    expect(pngSize(await save(page, 'png')), `${v.kind} PNG`).toEqual([1280, 800]);
    const svg = (await save(page, 'svg')).toString('utf8');
    expect(svgSize(svg), `${v.kind} SVG`).toEqual([640, 400]);
    if (v.kind === 'map') {
      // The pixels, the colour bar's title and the graticule's labels (not printed whole: the pixels are long).
      expect(svg.includes('<image'), 'map SVG: its pixels').toBe(true);
      expect(svg.includes('near-surface air temperature [K]</text>'), 'map SVG: the colour bar').toBe(true);
      expect(/>\d+°[EW]</.test(svg), 'map SVG: graticule labels').toBe(true);
    }
    await page.getByTestId('export-width').fill('300');
    await page.getByTestId('export-height').fill('200');
    await page.getByTestId('export-scale').selectOption('1');
    expect(pngSize(await save(page, 'png')), `${v.kind} PNG`).toEqual([300, 200]);
  }
});
