/**
 * Pictures of every plotted view at the size asked: PNG (width × height × scale device pixels, read from the
 * file's IHDR) and SVG (its width and height), for the heatmap, Map, line and histogram of the demo's `air`;
 * the Map's SVG holds its pixels and its colour bar. The Matrix's pictures are of the cells in view: after a scroll,
 * the SVG's row headers, column headers and cells are the texts of the table's cells on screen, in order, and the
 * PNG has text drawn on it.
 */
import { expect, test, type Page } from '@playwright/test';
import { selectPath } from '../ui/helpers';
import { pngSize, save, svgSize } from './export-files';

const VIEWS: { kind: string; plot: string; line?: boolean }[] = [
  { kind: 'heatmap', plot: 'heatmap' },
  { kind: 'map', plot: 'map-canvas' },
  { kind: 'histogram', plot: 'histogram' },
  { kind: 'line', plot: 'line-plot', line: true },
];

/** The first demo's `air` selected, at a laptop's viewport. */
async function openAir(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await page.getByTestId('demo-cf-demo').click();
  await expect(page.getByRole('tree')).toBeVisible();
  await selectPath(page, '/air');
}

test('PNG and SVG exports of every view are pictures of the size asked', async ({ page }) => {
  test.setTimeout(180_000);
  await openAir(page);
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

/** The SVG's text nodes of one class, read by the browser's XML parser. */
function svgTexts(page: Page, svg: string, cls: string): Promise<string[]> {
  return page.evaluate(
    ([s, c]) => {
      const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
      if (doc.getElementsByTagName('parsererror').length) throw new Error('the SVG does not parse');
      return [...doc.querySelectorAll(`text.${c}`)].map((t) => t.textContent ?? '');
    },
    [svg, cls] as const,
  );
}

/** The headers and cells the matrix shows inside its visible area (below its header row, right of its labels). */
function onScreen(page: Page): Promise<{ cols: string[]; rows: string[]; cells: string[] }> {
  return page.getByTestId('matrix').evaluate((m) => {
    const box = m.getBoundingClientRect();
    const head = m.querySelector('[role=columnheader]')!.getBoundingClientRect();
    const label = m.querySelector('[role=rowheader]')!.getBoundingClientRect();
    const [top, bottom] = [head.bottom, box.top + m.clientHeight];
    const [left, right] = [label.right, box.left + m.clientWidth];
    const inX = (r: DOMRect) => r.right > left + 0.5 && r.left < right - 0.5;
    const inY = (r: DOMRect) => r.bottom > top + 0.5 && r.top < bottom - 0.5;
    const text = (e: Element) => e.textContent ?? '';
    const cols = [...m.querySelectorAll('[role=columnheader]')].slice(1).filter((e) => inX(e.getBoundingClientRect()));
    const rows = [...m.querySelectorAll('[role=row]')].slice(1).filter((e) => inY(e.getBoundingClientRect()));
    return {
      cols: cols.map(text),
      rows: rows.map((r) => text(r.querySelector('[role=rowheader]')!)),
      cells: rows.flatMap((r) =>
        [...r.querySelectorAll('[role=gridcell]')].filter((e) => inX(e.getBoundingClientRect())).map(text),
      ),
    };
  });
}

/** How many of the PNG's pixels are dark (text), decoded by the browser. */
function darkPixels(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    [c.width, c.height] = [img.width, img.height];
    const g = c.getContext('2d')!;
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i]! + d[i + 1]! + d[i + 2]! < 200) n++;
    return n;
  }, png.toString('base64'));
}

test('PNG and SVG of the Matrix are pictures of the size asked holding the cells in view', async ({ page }) => {
  test.setTimeout(120_000);
  await openAir(page);
  await page.getByTestId('view-matrix').click();
  const matrix = page.getByTestId('matrix');
  await expect(matrix.getByTestId('cell-0-0')).toBeVisible();
  await matrix.evaluate((m) => {
    m.scrollTop = 26 * 7 + 9;
    m.scrollLeft = 110 * 3 + 40;
  });
  await expect(matrix.getByTestId('cell-7-3')).toBeVisible();
  await expect(matrix.getByTestId('cell-0-0')).toHaveCount(0);

  await page.getByTestId('export-width').fill('640');
  await page.getByTestId('export-height').fill('400');
  await page.getByTestId('export-scale').selectOption('2');
  const png = await save(page, 'png');
  expect(pngSize(png)).toEqual([1280, 800]);
  expect(await darkPixels(page, png), 'text drawn on the PNG').toBeGreaterThan(2000);
  const svg = (await save(page, 'svg')).toString('utf8');
  expect(svgSize(svg)).toEqual([640, 400]);

  const shown = await onScreen(page);
  expect(shown.cells.length).toBeGreaterThan(20);
  expect(shown.rows[0], 'the first row in view').toBe(
    await matrix.locator('[aria-rowindex="9"] [role=rowheader]').textContent(),
  );
  expect(await svgTexts(page, svg, 'col')).toEqual(shown.cols);
  expect(await svgTexts(page, svg, 'row')).toEqual(shown.rows);
  expect(await svgTexts(page, svg, 'cell')).toEqual(shown.cells);

  await page.getByTestId('export-width').fill('300');
  await page.getByTestId('export-height').fill('200');
  await page.getByTestId('export-scale').selectOption('1');
  expect(pngSize(await save(page, 'png'))).toEqual([300, 200]);
  expect(svgSize((await save(page, 'svg')).toString('utf8'))).toEqual([300, 200]);
});
