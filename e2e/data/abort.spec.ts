/**
 * Abort: once a slice load is cancelled (Cancel, or another variable selected), no request for that slice's chunks
 * starts. Every chunk of the slice is slowed by the static server's `delay` fault, so the load is still going when
 * it is cancelled. Two views of "starts": the page's own `fetch` calls and the chunks it asks a decode worker to
 * fetch (recorded by an init script) all come before
 * the abort, and the server's request log holds only requests the page started before it (a request started
 * before the abort may still reach the server a little later, from the browser's connection queue).
 */
import { expect, test, type Page } from '@playwright/test';
import type { LogEntry } from '../harness/static-server';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from '../ui/helpers';
import { CHUNKS_PER_SLICE, writeManyChunks } from './many-chunks';

const SCOPE = 'data-abort';
const DELAY_MS = 1500;

interface PageRecord {
  fetches: { url: string; at: number }[];
  abortAt?: number;
}

async function control(p: 'config' | 'reset', body: unknown = {}): Promise<void> {
  const res = await fetch(`${STATIC_URL}/__control/${p}?scope=${SCOPE}`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
}

async function requestsFor(prefix: string): Promise<LogEntry[]> {
  const log = (await (await fetch(`${STATIC_URL}/__control/log`)).json()) as LogEntry[];
  return log.filter((e) => e.path.startsWith(prefix));
}

/**
 * Records every `fetch` the page starts, and the time of the first click on an element matching `abortTarget`
 * (page clock = server clock: one machine), taken before the app's own handlers run.
 */
async function record(page: Page, abortTarget: string): Promise<void> {
  await page.addInitScript((target) => {
    const rec: PageRecord = { fetches: [] };
    (window as unknown as { rec: PageRecord }).rec = rec;
    const orig = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      rec.fetches.push({ url: input instanceof Request ? input.url : String(input), at: Date.now() });
      return orig(input, init);
    };
    // A chunk a decode worker fetches itself is asked for by the page in a message (`fetch-decode`).
    const post = Worker.prototype.postMessage as (this: Worker, msg: unknown, transfer?: unknown) => void;
    Worker.prototype.postMessage = function (this: Worker, msg: unknown, transfer?: unknown) {
      const m = msg as { type?: string; url?: string } | null;
      if (m?.type === 'fetch-decode' && m.url) rec.fetches.push({ url: m.url, at: Date.now() });
      post.call(this, msg, transfer);
    } as Worker['postMessage'];
    document.addEventListener(
      'click',
      (e) => {
        if ((e.target as Element | null)?.closest(target)) rec.abortAt ??= Date.now();
      },
      { capture: true },
    );
  }, abortTarget);
}

/** Opens the dataset, shows /v at time 0 in the matrix view, then asks for time 1 with every chunk slowed. */
async function startSlowLoad(page: Page, root: string): Promise<string> {
  await page.goto('/');
  await openUrl(page, `${STATIC_URL}${root}#mode=zarr`);
  await selectPath(page, '/v');
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', '0');
  const prefix = `${root}/v/1.`;
  await control('config', { faults: [{ kind: 'delay', ms: DELAY_MS, match: prefix }] });
  await page.getByTestId('index-time').fill('1');
  await expect(page.getByTestId('progress')).toBeVisible();
  await expect.poll(async () => (await requestsFor(prefix)).length, { timeout: 10_000 }).toBeGreaterThan(0);
  return prefix;
}

async function expectNothingStartedAfterAbort(page: Page, prefix: string): Promise<void> {
  // Long enough for the slowed requests in flight to finish and for a load that kept going to start more.
  await page.waitForTimeout(DELAY_MS * 2 + 500);
  const rec = await page.evaluate(() => (window as unknown as { rec: PageRecord }).rec);
  const abortAt = rec.abortAt;
  if (abortAt === undefined) throw new Error('the abort click was not seen');
  const mine = rec.fetches.filter((f) => new URL(f.url).pathname.startsWith(prefix));
  const after = mine.filter((f) => f.at > abortAt).map((f) => `${new URL(f.url).pathname} +${f.at - abortAt} ms`);
  expect(after, 'fetches the page started after the abort').toEqual([]);
  const startedBefore = new Set(mine.map((f) => new URL(f.url).pathname));
  const served = await requestsFor(prefix);
  const unknown = served.filter((e) => !startedBefore.has(e.path)).map((e) => e.path);
  expect(unknown, 'requests the server saw that the page did not start before the abort').toEqual([]);
  expect(served.length, 'each started request reached the server at most once').toBeLessThanOrEqual(startedBefore.size);
  // The abort came while the load was under way: not every chunk of the slice had been asked for.
  expect(served.length).toBeGreaterThan(0);
  expect(startedBefore.size).toBeLessThan(CHUNKS_PER_SLICE);
}

test.afterEach(async () => {
  await control('reset');
});

test('Cancel: no request for the cancelled slice starts after the abort', async ({ page }) => {
  const root = writeManyChunks('abort-cancel', ['v']);
  await record(page, '[data-testid="cancel"]');
  const prefix = await startSlowLoad(page, root);
  await page.getByTestId('cancel').click();
  await expect(page.getByTestId('progress')).toHaveCount(0);
  await expect(page.getByTestId('index-time')).toHaveValue('0');
  await expectNothingStartedAfterAbort(page, prefix);
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', '0');
});

test('selecting another variable: no request for the abandoned slice starts after the click', async ({ page }) => {
  const root = writeManyChunks('abort-switch', ['v', 'w']);
  await record(page, '[role=treeitem][data-path="/w"]');
  const prefix = await startSlowLoad(page, root);
  await selectPath(page, '/w');
  await expectNothingStartedAfterAbort(page, prefix);
  await expect(page.getByTestId('progress')).toHaveCount(0);
  // The new variable's own slice loads (its chunks are not slowed).
  await page.getByTestId('view-matrix').click();
  await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', '0');
});
