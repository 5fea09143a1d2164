/**
 * Script injection: a dataset (dropped as a folder) whose group, variable, dimension and attribute names,
 * attribute values, plot titles (long_name, units) and string data carry HTML, <script>, event handlers and
 * javascript: URLs. Every payload calls `__pwn(n)`, a trap defined before the page loads: nothing may call it,
 * no dialog may open, no javascript: href or inline event handler may exist. The Content-Security-Policy must
 * refuse inline script; hostile share-link fragments are refused with a visible message; CSV export neutralises
 * formulas. Counts go to test-results/reliability/e2e-xss.json.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { writeCounts } from '../../scripts/reliability/counts';
import { showMetadata } from '../ui/helpers';

const PAYLOADS = [
  '<script>__pwn(1)</script>',
  '<img src=x onerror=__pwn(2)>',
  '<svg onload=__pwn(3)>',
  '"><img src=x onerror=__pwn(4)>',
  'javascript:__pwn(5)',
  '<a href="javascript:__pwn(6)">click</a>',
  '<iframe src="javascript:__pwn(7)"></iframe>',
  '<details open ontoggle=__pwn(8)>',
  "{{constructor.constructor('__pwn(9)')()}}",
  '<math><mtext><table><mglyph><style><img src=x onerror=__pwn(10)>',
  'data:text/html,<script>__pwn(11)</script>',
  "'-__pwn(12)-'",
  '<b onmouseover=__pwn(13)>hover</b>',
  '<style>@import "javascript:__pwn(14)"</style>',
  '<a href="https://example.com" onclick="__pwn(15)">x</a>',
];
/** Payloads that can be file names (no slash). */
const NAMEABLE = PAYLOADS.filter((p) => !p.includes('/'));
const GROUP = NAMEABLE[6]!;
const INNER = NAMEABLE[7]!;
const FORMULAS = ['=HYPERLINK("https://evil.example","x")', "-1+cmd|' /C calc'!A0", '@SUM(1)', '+1+1'];

let tried = 0;
let executed = 0;
let cases = 0;
let failures = 0;

function writeDataset(root: string): number {
  const put = (rel: string, data: string | Uint8Array) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), data);
  };
  let places = 0;
  const attrs: Record<string, string> = {};
  PAYLOADS.forEach((p, i) => {
    attrs[p] = PAYLOADS[(i + 1) % PAYLOADS.length]!;
    attrs[`value_${i}`] = p;
  });
  places += PAYLOADS.length * 2;
  const zarray = (shape: number[], dtype: string, fill: unknown = null) =>
    JSON.stringify({
      zarr_format: 2,
      shape,
      chunks: shape,
      dtype,
      compressor: null,
      filters: null,
      fill_value: fill,
      order: 'C',
    });
  put('.zgroup', '{"zarr_format": 2}');
  put('.zattrs', JSON.stringify(attrs));
  // A 1-D and a 2-D variable named by payloads, with payload dimension names and plot titles.
  NAMEABLE.slice(0, 6).forEach((name, i) => {
    put(`${name}/.zarray`, zarray([3], '<f4', 0));
    put(
      `${name}/.zattrs`,
      JSON.stringify({
        _ARRAY_DIMENSIONS: [NAMEABLE[(i + 1) % NAMEABLE.length]],
        long_name: PAYLOADS[i],
        units: PAYLOADS[i + 1],
        ...attrs,
      }),
    );
    put(`${name}/0`, new Uint8Array(new Float32Array([1, 2, 3]).buffer));
    places += 4 + PAYLOADS.length * 2;
  });
  put('grid/.zarray', zarray([2, 3], '<f4', 0));
  put(
    'grid/.zattrs',
    JSON.stringify({ _ARRAY_DIMENSIONS: [NAMEABLE[8], NAMEABLE[0]], long_name: PAYLOADS[5], units: PAYLOADS[6] }),
  );
  put('grid/0.0', new Uint8Array(new Float32Array([1, 2, 3, 4, 5, 6]).buffer));
  places += 4;
  // String data: every payload and spreadsheet formula as a value.
  const texts = [...PAYLOADS, ...FORMULAS];
  const bytes = new Uint8Array(texts.length * 80);
  texts.forEach((t, i) => bytes.set(new TextEncoder().encode(t).subarray(0, 80), i * 80));
  put('text/.zarray', zarray([texts.length], '|S80', ''));
  put('text/.zattrs', JSON.stringify({ _ARRAY_DIMENSIONS: ['n'] }));
  put('text/0', bytes);
  places += texts.length;
  // A group named by a payload, holding an array named by another.
  put(`${GROUP}/.zgroup`, '{"zarr_format": 2}');
  put(`${GROUP}/.zattrs`, JSON.stringify(attrs));
  put(`${GROUP}/${INNER}/.zarray`, zarray([2], '<i4', 0));
  put(`${GROUP}/${INNER}/0`, new Uint8Array(new Int32Array([7, 8]).buffer));
  places += 2 + PAYLOADS.length * 2;
  return places;
}

/** Installs the traps before any page script: `__pwn`, dialogs, and a count of both. */
async function trap(page: Page): Promise<{ dialogs: () => number }> {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: number[]; __pwn: (n: number) => void };
    w.__xss = [];
    w.__pwn = (n: number) => w.__xss.push(n);
    window.alert = () => w.__xss.push(-1);
    window.confirm = () => (w.__xss.push(-2), false);
    window.prompt = () => (w.__xss.push(-3), null);
  });
  return { dialogs: () => dialogs };
}

async function noExecution(page: Page, dialogs: number): Promise<void> {
  const ran = await page.evaluate(() => (window as unknown as { __xss: number[] }).__xss);
  executed += ran.length + dialogs;
  expect(ran, 'payloads that ran').toEqual([]);
  expect(dialogs).toBe(0);
  expect(
    await page
      .locator(
        'a[href^="javascript:" i], iframe, script:not([src]), [onerror], [onload], [onclick], [onmouseover], [ontoggle]',
      )
      .count(),
  ).toBe(0);
}

test('hostile names, attributes, plot titles and string values render as inert text', async ({ page }) => {
  cases++;
  failures++;
  const t = await trap(page);
  const dir = mkdtempSync(path.join(tmpdir(), 'zv-xss-'));
  try {
    const root = path.join(dir, 'hostile.zarr');
    tried += writeDataset(root);
    await page.goto('/');
    await page.getByTestId('folder-input').setInputFiles(root);
    const items = page.getByRole('treeitem');
    await expect(items.first()).toBeVisible({ timeout: 30_000 });
    // Expand every group, then visit every item with each inspect tab, and the display of each variable.
    for (let i = 0; i < (await items.count()); i++) {
      const item = items.nth(i);
      if ((await item.getAttribute('aria-expanded')) === 'false') await item.locator('.twisty').click();
    }
    await expect(page.getByText(INNER, { exact: true }).first()).toBeVisible();
    const n = await items.count();
    for (let i = 0; i < n; i++) {
      await items.nth(i).click();
      await showMetadata(page);
      for (const tab of ['Overview', 'CDL', 'JSON']) await page.getByRole('tab', { name: tab }).click();
      const display = page.getByTestId('display');
      if (await display.isVisible())
        await expect(display.getByTestId('slice-view').or(display.getByTestId('error'))).toBeVisible({
          timeout: 20_000,
        });
    }
    // The payloads are on screen as text.
    await page.locator('[role=treeitem]').filter({ hasText: 'text' }).first().click();
    await showMetadata(page);
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByTestId('view-matrix').click();
    await expect(page.getByTestId('cell-0-0')).toHaveAttribute('data-value', PAYLOADS[0]!);
    await expect(page.getByTestId('cell-1-0')).toContainText(PAYLOADS[1]!);
    // CSV of the strings: no cell a spreadsheet would evaluate.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    for (const line of csv.split(/\r?\n/).filter(Boolean)) {
      const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? [];
      for (const c of cells) expect(c.replace(/^"/, '')).not.toMatch(/^[=+\-@\t]/);
    }
    expect(csv).toContain("'=HYPERLINK");
    await page.waitForTimeout(500);
    await noExecution(page, t.dialogs());
    failures--;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the Content-Security-Policy refuses inline script and string eval (setTimeout with a string)', async ({
  page,
}) => {
  cases++;
  failures++;
  await page.goto('/');
  const policy = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
  const directives = new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k ?? '', v]),
  );
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src') ?? [];
  expect(scriptSrc.length).toBeGreaterThan(0);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc.some((s) => s === '*' || s.startsWith('data:') || s.startsWith('http'))).toBe(false);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  const ran = await page.evaluate(async () => {
    const w = window as unknown as Record<string, unknown>;
    const s = document.createElement('script');
    s.textContent = 'window.__inline = 1';
    document.body.append(s);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__handler = 1');
    img.src = 'data:,x';
    document.body.append(img);
    try {
      setTimeout('window.__evalString = 1', 0);
    } catch {
      // refused outright
    }
    await new Promise((r) => setTimeout(r, 300));
    img.remove();
    return ['__inline', '__handler', '__evalString'].filter((k) => w[k] !== undefined);
  });
  tried += 3;
  executed += ran.length;
  expect(ran).toEqual([]);
  failures--;
});

const FRAGMENTS: [string, RegExp][] = [
  ['url=javascript:__pwn(20)', /http\(s\):\/\/ or s3:\/\//],
  [`url=${encodeURIComponent('data:text/html,<script>__pwn(21)</script>')}`, /http\(s\):\/\/ or s3:\/\//],
  ['url=https%3A%2F%2Fuser%3Apw%40example.com%2Fd.zarr', /credentials/],
  ['url=https%3A%2F%2Fexample.com%2Fd.zarr&i=time:99999999999999999', /indices/],
  ['url=https%3A%2F%2Fexample.com%2Fd.zarr&i=__proto__:1', /indices/],
  [
    `url=https%3A%2F%2Fexample.com%2Fd.zarr&view=${encodeURIComponent('<img src=x onerror=__pwn(22)>')}`,
    /Unknown view/,
  ],
  [`url=https%3A%2F%2Fexample.com%2Fd.zarr&var=${encodeURIComponent('<script>__pwn(23)</script>')}`, /variable path/],
  [`url=https%3A%2F%2Fexample.com%2F${'a'.repeat(20_000)}`, /too long/],
  ['var=%2Ftemp', /no "url"/],
  ['url=vbscript:msgbox(1)', /http\(s\):\/\/ or s3:\/\//],
];

test('hostile share-link fragments are refused with a visible message', async ({ page }) => {
  const t = await trap(page);
  for (const [fragment, message] of FRAGMENTS) {
    cases++;
    tried++;
    await page.goto(`/#${fragment}`);
    const box = page.getByTestId('error').filter({ hasText: 'This link could not be opened' });
    await expect(box).toBeVisible();
    await expect(box.getByTestId('error-message')).toContainText(message);
    await expect(page.getByRole('textbox', { name: 'Dataset URL' })).toBeEditable();
  }
  // Changing the fragment of an open page (hashchange) is checked the same way.
  await page.evaluate(() => (window.location.hash = 'url=javascript:__pwn(24)'));
  await expect(page.getByTestId('error-message').filter({ hasText: /http\(s\):\/\/ or s3:\/\// })).toBeVisible();
  await noExecution(page, t.dialogs());
});

test.afterAll(() => {
  writeCounts({
    suite: 'e2e-xss',
    what: 'script payloads in names, attributes, plot titles, string values, CSP probes, share-link fragments, CSV formulas',
    cases,
    crashes: failures,
    hangs: 0,
    payloadsTried: tried,
    payloadsExecuted: executed,
  });
});
