/**
 * A folder whose index page lists 100,000 files, listed as it arrives: the page is `python3 -m http.server`'s own
 * (scripts/fixtures/make-autoindex.py writes it with http.server's list_directory over a folder of that many
 * files), served by a server of this spec that sends its start and then holds the rest back. The first rows are
 * on screen while the response is still held; once it is let go, the whole count arrives. Leaving the place while
 * the page is arriving closes the response.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const COUNT = 100_000;
/** What is sent before the rest is held back: a few thousand rows. */
const FIRST_BYTES = 200_000;
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };

interface Trickle {
  url: string;
  release(): void;
  /** Whether the response has been sent to its end. */
  ended(): boolean;
  /** Whether the client closed the response before its end. */
  closedEarly(): boolean;
  stop(): Promise<void>;
}

async function trickleServer(html: Buffer): Promise<Trickle> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let ended = false;
  let closedEarly = false;
  const server = http.createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    if (req.url !== '/big/') return void res.writeHead(404, CORS).end('not here');
    res.on('close', () => (closedEarly ||= !res.writableFinished));
    res.writeHead(200, { ...CORS, 'content-type': 'text/html; charset=utf-8' });
    res.write(html.subarray(0, FIRST_BYTES));
    void held.then(async () => {
      for (let at = FIRST_BYTES; at < html.length && !res.destroyed; at += 256 * 1024) {
        res.write(html.subarray(at, at + 256 * 1024));
        await new Promise((r) => setTimeout(r, 10));
      }
      res.end(() => (ended = true));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    release,
    ended: () => ended,
    closedEarly: () => closedEarly,
    stop: () => new Promise((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

let html: Buffer;
test.beforeAll(() => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zv-autoindex-'));
  const out = path.join(dir, 'big.html');
  execFileSync('python3', ['scripts/fixtures/make-autoindex.py', '--count', String(COUNT), '--out', out]);
  html = readFileSync(out);
  rmSync(dir, { recursive: true, force: true });
});

async function paste(page: Page, url: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Dataset URL' });
  await field.fill(url);
  await field.press('Enter');
}

const tile = (i: number) => `tile_${String(i).padStart(6, '0')}.nc`;
const rowNamed = (page: Page, name: string) =>
  page.getByTestId('browse-row').filter({ has: page.getByRole('button', { name, exact: true }) });

test('the first rows of a 100,000-entry index are shown while it is still arriving', async ({ page }) => {
  // The page written is http.server's, of that many files.
  expect(html.toString('utf8')).toContain('<title>Directory listing for /big/</title>');
  expect(html.toString('utf8').match(/<li><a href="/g)).toHaveLength(COUNT);
  const server = await trickleServer(html);
  try {
    await page.goto('/');
    await paste(page, `${server.url}/big/`);
    await expect(rowNamed(page, tile(0))).toBeVisible();
    await expect(page.getByTestId('browse-count')).toContainText('still arriving');
    expect(server.ended()).toBe(false);
    // Filter and sort apply to what has arrived, and say so.
    await page.getByTestId('browse-filter').fill('tile_0001');
    await expect(page.getByTestId('browse-count')).toHaveText(/^100 of \d+ so far, still arriving/);
    await expect(page.getByTestId('browse-row').first()).toContainText(tile(100));
    expect(server.ended()).toBe(false);
    await page.getByTestId('browse-filter').fill('');
    server.release();
    await expect(page.getByTestId('browse-count')).toHaveText(new RegExp(`^${COUNT}\\s*$`), { timeout: 60_000 });
    expect(server.ended()).toBe(true);
    // More ticks than a link carries: the listing says they are not in its link, and the link names none.
    await page.getByTestId('browse-filter').fill('tile_000');
    await expect(page.getByTestId('browse-count')).toHaveText(/^1000\b/);
    await page.getByTestId('browse-select-all').click();
    await expect(page.getByTestId('browse-picked')).toHaveText('1000 selected');
    await expect(page.getByTestId('browse-picks-unlinked')).toContainText('at most 500 ticked entries: these 1,000');
    expect(new URL(page.url()).searchParams.getAll('pick')).toEqual([]);
    await page.getByTestId('browse-select-none').click();
    await expect(page.getByTestId('browse-picks-unlinked')).toHaveCount(0);
    await page.getByTestId('browse-filter').fill('');
    await page.getByTestId('browse-sort').selectOption('name');
    await page.getByTestId('browse-list').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(rowNamed(page, tile(COUNT - 1))).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('leaving a place while its index is arriving stops reading it', async ({ page }) => {
  const server = await trickleServer(html);
  try {
    await page.goto('/');
    await paste(page, `${server.url}/big/`);
    await expect(rowNamed(page, tile(0))).toBeVisible();
    expect(server.closedEarly()).toBe(false);
    await page.goBack();
    await expect(page.getByTestId('browse')).toHaveCount(0);
    await expect.poll(() => server.closedEarly()).toBe(true);
    expect(server.ended()).toBe(false);
  } finally {
    await server.stop();
  }
});
