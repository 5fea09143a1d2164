/**
 * Joins of files on a plain HTTP server (app/join, src/aggregate, src/listing/glob.ts): the harness's static server
 * with Range, CORS and nginx-style folder indexes (the listing an https glob is expanded from), started for this
 * spec so that its request log holds this spec's requests only. fixtures/aggregate is written by
 * scripts/fixtures/make-aggregate.py, with what xarray's open_mfdataset makes of each set (expected.json).
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer, type LogEntry, type StaticServer } from '../harness/static-server';
import { AGGREGATE_EXPECTED } from '../../src/aggregate/testing/expected';
import { cellValue, openUrl, selectPath } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXPECTED = AGGREGATE_EXPECTED;

let indexed: StaticServer;
test.beforeAll(async () => {
  indexed = await startStaticServer(ROOT, 0, { autoindex: true });
});
test.afterAll(async () => indexed?.stop());

const agg = () => `${indexed.url}/fixtures/aggregate`;

async function requestLog(): Promise<LogEntry[]> {
  return (await (await fetch(`${indexed.url}/__control/log`)).json()) as LogEntry[];
}

/** Waits for every member to be read: the panel's summary. */
async function joined(page: Page, text: RegExp | string): Promise<void> {
  await expect(page.getByTestId('join-panel')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('join-summary')).toContainText(text);
}

test('an https glob pasted as the URL: the folder listed, the files joined along time in time order, values as xarray’s', async ({
  page,
}) => {
  const e = EXPECTED.daily!;
  const ny = e.dims.lat!.size;
  const nx = e.dims.lon!.size;
  const steps = e.dims.time!.size;
  const tas = e.values.tas!;
  await page.goto('/');
  await openUrl(page, `${agg()}/daily/*.nc`);
  await joined(page, `${e.members.length} of ${e.members.length} files joined along time`);
  await selectPath(page, '/tas');
  const slider = page.getByTestId('slider-time');
  await expect(slider).toHaveAttribute('max', String(steps - 1));
  await page.getByTestId('view-matrix').click();
  // The first step of each member (their names do not sort as their times), and the last step of all.
  const per = steps / e.members.length;
  for (const t of [...e.members.map((_, m) => m * per), steps - 1]) {
    await page.getByTestId('index-time').fill(String(t));
    await expect(slider).toHaveValue(String(t));
    for (const [y, x] of [
      [0, 0],
      [ny - 1, nx - 1],
    ] as const)
      await expect.poll(async () => Number(await cellValue(page, y, x))).toBe(tas[(t * ny + y) * nx + x]);
  }
  // The glob was expanded from the folder's index page, and each member read by byte range.
  const log = await requestLog();
  expect(log.some((r) => r.path === '/fixtures/aggregate/daily/' && r.status === 200)).toBe(true);
  for (const m of e.members)
    expect(log.some((r) => r.path === `/fixtures/aggregate/daily/${m}` && r.range !== null)).toBe(true);
});
