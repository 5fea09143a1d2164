/**
 * HDF5 as two communities write it, dropped on the page in Chromium (files of the world corpus, from the cache):
 * - HDF-EOS5 (Aura MLS Level-2 swath): a swath names its product fields through soft links (`IWC` →
 *   `L2gpValue`); the tree shows them at their link names, the linked field's heatmap draws and its hover read-out
 *   and its Matrix give the values h5py reads through the same link.
 * - PyTables (a `Table` is a compound dataset with an anonymous compound type): the tree shows the table, the
 *   Overview its compound's fields, and a field's line plot, matrix and the records as text give h5py's values.
 */
import { expect, test, type Page } from '@playwright/test';
import { selectPath, showMetadata } from '../ui/helpers';
import { corpusFiles, dropFile, h5py } from './corpus-files';
import { expectNoProblems, expectPlots } from './helpers';

const EOS = 'libncarg-data/MLS-Aura_L2GP-IWC_v02-21-c02_2007d210.he5';
const TABLE = 'python-tables-data/idx-std-1.x.h5';
const FIELDS = '/HDFEOS/SWATHS/IWC/Data Fields';

let files: Record<string, string> = {};
test.beforeAll(() => {
  test.setTimeout(20 * 60_000); // a first fetch downloads two Debian packages
  const got = corpusFiles([EOS, TABLE]);
  if ('missing' in got) test.skip(true, got.missing);
  else files = got.paths;
});

/** The soft links of a group (name → target) and the values of some of them, as h5py reads them. */
interface Swath {
  links: Record<string, string>;
  values: Record<string, number[][]>;
}
const SWATH_SCRIPT = `
g = h5py.File(sys.argv[1], 'r')[${JSON.stringify(FIELDS)}]
links = {k: g.get(k, getlink=True).path for k in g if isinstance(g.get(k, getlink=True), h5py.SoftLink)}
print(json.dumps({'links': links, 'values': {k: g[k][()].tolist() for k in ('IWC', 'IWCPrecision')}}))
`;

/** A float32 the viewer shows (full precision text) equals the stored one. */
const f32 = (shown: string | null) => Math.fround(Number(shown));

/** The matrix cells (r, c) of the shown variable equal h5py's `want[r][c]` (scrolled into view first). */
async function expectCells(page: Page, cells: [number, number][], want: number[][], where: string): Promise<void> {
  const matrix = page.getByTestId('matrix');
  for (const [r, c] of cells) {
    await matrix.evaluate((el, [top, left]) => el.scrollTo(left!, top!), [r * 26 - 52, c * 110 - 110]);
    const cell = page.getByTestId(`cell-${r}-${c}`);
    await expect(cell, `${where} [${r}, ${c}]`).toHaveAttribute('data-value', /./);
    expect(f32(await cell.getAttribute('data-value')), `${where} [${r}, ${c}]`).toBe(want[r]![c]!);
  }
}

/**
 * Hovers the heatmap over cell (r, c) of a [rows, cols] field drawn with the rows upwards (plotly's axis ranges in
 * index units); returns the read-out's cell (its axis lines) and value.
 */
async function hoverCell(page: Page, r: number, c: number): Promise<{ row: number; col: number; value: string }> {
  const heatmap = page.getByTestId('heatmap');
  const [xr, yr] = await heatmap.evaluate((el) => {
    const fl = (el as unknown as { _fullLayout: Record<string, { range: number[] }> })._fullLayout;
    return [fl.xaxis!.range, fl.yaxis!.range] as [number, number][];
  });
  const box = (await heatmap.locator('.nsewdrag').first().boundingBox())!;
  const fx = (c - xr![0]) / (xr![1] - xr![0]);
  const fy = (r - yr![0]) / (yr![1] - yr![0]);
  await page.mouse.move(box.x + box.width * fx, box.y + box.height * (1 - fy), { steps: 3 });
  const readout = page.getByTestId('hover-value');
  let got = { row: -1, col: -1, value: '' };
  await expect(async () => {
    const lines = await readout.locator('div').allInnerTexts();
    const [col, row] = lines.slice(0, 2).map((l) => Number(/: (\d+)$/.exec(l)?.[1]));
    got = { row: row!, col: col!, value: lines[2]?.replace(/^.*: /, '') ?? '' };
    // The read-out follows the pointer: wait until it names a cell near the one aimed at.
    expect(Math.abs(got.col - c)).toBeLessThanOrEqual(1);
    expect(Math.abs(got.row - r)).toBeLessThanOrEqual(Math.abs(yr![1] - yr![0]) * 0.02);
  }).toPass({ timeout: 10_000 });
  return got;
}

test('HDF-EOS5 swath: the linked fields at their link names; IWC plots the values h5py reads through the link', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const swath = h5py<Swath>(SWATH_SCRIPT, files[EOS]!);
  // The swath's product fields are soft links (to L2gpValue, L2gpPrecision).
  expect(Object.keys(swath.links).sort()).toEqual(expect.arrayContaining(['IWC', 'IWCPrecision']));
  await page.goto('/');
  await dropFile(page, files[EOS]!);
  await expectNoProblems(page);

  await expectPlots(page, `${FIELDS}/IWC`, 2);
  for (const [name, target] of Object.entries(swath.links)) {
    await expect(page.locator(`[role=treeitem][data-path="${FIELDS}/${name}"]`), `link ${name}`).toBeVisible();
    await expect(page.locator(`[role=treeitem][data-path="${FIELDS}/${target}"]`), `target ${target}`).toBeVisible();
  }

  // The heatmap's read-out: the value of the cell under the pointer, as h5py reads it (6 significant digits).
  const iwc = swath.values.IWC!;
  const [rows, cols] = [iwc.length, iwc[0]!.length];
  // The column with most non-zero values (IWC is 0 where there is no ice), so that the probes meet some.
  const nonZero = (c: number) => iwc.filter((row) => row[c] !== 0).length;
  const busy = [...Array(cols).keys()].reduce((a, b) => (nonZero(b) > nonZero(a) ? b : a));
  let seenNonZero = 0;
  for (const f of [0.1, 0.3, 0.5, 0.7, 0.9]) {
    const { row, col, value } = await hoverCell(page, Math.round(f * (rows - 1)), busy);
    const want = iwc[row]![col]!;
    expect(Math.abs(Number(value) - want), `hover [${row}, ${col}]: ${value}, h5py ${want}`).toBeLessThanOrEqual(
      Math.abs(want) * 5e-6,
    );
    if (want !== 0) seenNonZero++;
  }
  expect(seenNonZero, 'hovered cells with ice').toBeGreaterThan(0);

  // The Matrix: full-precision values at the first, middle, last and the largest rows.
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toBeVisible({ timeout: 30_000 });
  const flat = iwc.flatMap((row, r) => row.map((v, c) => [Math.abs(v), r, c] as const));
  const [, rMax, cMax] = flat.reduce((a, b) => (b[0] > a[0] ? b : a));
  const cells: [number, number][] = [
    ...[0, 1, busy, cols - 1].map((c): [number, number] => [0, c]),
    ...[0, busy, busy + 1].map((c): [number, number] => [Math.floor(rows / 2), c]),
    [rMax, cMax],
    [rows - 1, cols - 1],
  ];
  await expectCells(page, cells, iwc, 'IWC');

  // The other linked field: its heatmap draws, its Matrix gives h5py's values.
  await expectPlots(page, `${FIELDS}/IWCPrecision`, 2);
  await page.getByTestId('view-matrix').click();
  await expectCells(page, cells, swath.values.IWCPrecision!, 'IWCPrecision');
  await expectNoProblems(page);
});

/** The table's compound type (field name → numpy dtype) and its records' fields, as h5py reads them. */
interface Table {
  fields: [string, string][];
  columns: Record<string, number[]>;
  pytables: string;
}
const TABLE_SCRIPT = `
d = h5py.File(sys.argv[1], 'r')['table']
cols = {n: d[n].tolist() for n in d.dtype.names}
print(json.dumps({'fields': [[n, d.dtype[n].str] for n in d.dtype.names], 'columns': cols,
                  'pytables': d.attrs['CLASS'].decode()}))
`;
/** netCDF's names of the numpy types of the table's fields, as the type panel names them. */
const NC_TYPE: Record<string, string> = { '<i4': 'int', '<i8': 'int64', '<f4': 'float', '<f8': 'double' };

/** The y values plotly was given by the line plot. */
async function lineValues(page: Page): Promise<(number | null)[]> {
  const plot = page.getByTestId('line-plot');
  await expect(plot).toHaveAttribute('data-rendered', /^[1-9]\d*$/, { timeout: 30_000 });
  return plot.evaluate((el) => (el as unknown as { data: { y: (number | null)[] }[] }).data[0]!.y);
}

test('PyTables table: the compound type and its fields; a field plots, tables and prints h5py’s values', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const table = h5py<Table>(TABLE_SCRIPT, files[TABLE]!);
  expect(table.pytables).toBe('TABLE');
  const names = table.fields.map(([n]) => n);
  await page.goto('/');
  await dropFile(page, files[TABLE]!);
  await expectNoProblems(page);
  const item = page.locator('[role=treeitem][data-path="/table"]');
  await expect(item.locator('.badge').first()).toHaveText('compound');
  await selectPath(page, '/table');

  // The type panel: an anonymous compound (PyTables commits no type), its fields with their types.
  await showMetadata(page);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('user-type-heading')).toHaveText(/^compound _AnonymousCompound\d+$/);
  const panel = page.getByTestId('user-type');
  for (const [n, t] of table.fields) await expect(panel).toContainText(`${n}: ${NC_TYPE[t] ?? t}`);

  // The Field selector offers every field; the first is plotted; another field's plot and matrix.
  const field = page.getByTestId('field-select');
  expect((await field.locator('option').allInnerTexts()).slice(0, names.length)).toEqual(names);
  await expect(field).toHaveValue(names[0]!);
  expect(await lineValues(page)).toEqual(table.columns[names[0]!]);
  const float = table.fields.find(([, t]) => t === '<f8')![0];
  await field.selectOption(float);
  await expect.poll(() => lineValues(page)).toEqual(table.columns[float]);
  await page.getByTestId('view-matrix').click();
  for (const r of [0, 1, 17]) {
    const cell = page.getByTestId(`cell-${r}-0`);
    await expect(cell).toHaveAttribute('data-value', /./, { timeout: 30_000 });
    expect(Number(await cell.getAttribute('data-value')), `${float}[${r}]`).toBe(table.columns[float]![r]);
  }

  // All fields: each record as text, its numbers those of h5py's record (12 significant digits or more).
  await field.selectOption('');
  for (const r of [0, 1, 17]) {
    const text = (await page.getByTestId(`cell-${r}-0`).textContent({ timeout: 30_000 })) ?? '';
    const shown = /^\{(.*)\}$/.exec(text)?.[1]?.split(', ').map(Number);
    expect(shown, `record ${r}: ${text}`).toHaveLength(names.length);
    names.forEach((n, k) => expect(shown![k], `record ${r} ${n}`).toBeCloseTo(table.columns[n]![r]!, 10));
  }
  await expectNoProblems(page);
});
