/**
 * Versions of Icechunk repositories in Chromium (fixtures/icechunk/, written by the official library): the History
 * region of spec version 2 over s3rver lists every snapshot and opens another; a share link naming a snapshot, tag
 * or branch reopens it; spec version 1 over the static server (which lists no folders) shows main's ancestry, opens
 * `#branch=dev` and says that it cannot list the refs. Every expected value comes from
 * fixtures/icechunk/expected.json.
 */
import { expect, test, type Page } from '@playwright/test';
import { BUCKET, S3_URL, STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from '../ui/helpers';
import { expectMatrixMatches } from './helpers';
import { S3_REPO, SPEC1, SPEC2, plotAndCompare, values, type Repository } from './icechunk-helpers';

const STATIC_REPO = `${STATIC_URL}/fixtures/icechunk/spec1`;

/** Every snapshot id of a repository: the ancestry of each branch (tags point into them). */
function allSnapshots(repo: Repository): string[] {
  return [...new Set(Object.values(repo.ancestry).flatMap((a) => a.map((s) => s.id)))].sort();
}

/** The app's share link for a location (and a variable), as `encodeShare` writes it. */
function shareLink(location: string, variable?: string): string {
  const p = new URLSearchParams({ url: location });
  if (variable) p.set('var', variable);
  return `/#${p.toString()}`;
}

const history = (page: Page) => page.getByTestId('history');

test('the History region lists every snapshot, and a click opens the tag’s snapshot', async ({ page }) => {
  const tip = SPEC2.branches.main!;
  const v1 = SPEC2.tags.v1!;
  expect(v1).not.toBe(tip);
  const tipTime0 = values(SPEC2, tip, '/temp', 0);
  const v1Time0 = values(SPEC2, v1, '/temp', 0);
  // The two versions differ in the slice compared (main's tip deleted a chunk of time 0).
  expect(JSON.stringify(v1Time0.values)).not.toBe(JSON.stringify(tipTime0.values));

  await page.goto('/');
  await openUrl(page, S3_REPO);
  const region = history(page);
  await expect(region).toBeVisible();
  await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
  const items = region.getByTestId('history-snapshot');
  await expect(items).toHaveCount(allSnapshots(SPEC2).length);
  expect((await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-snapshot') ?? ''))).sort()).toEqual(
    allSnapshots(SPEC2),
  );
  // Each snapshot shows its message and the start of its id.
  for (const id of allSnapshots(SPEC2)) {
    const item = region.locator(`[data-snapshot="${id}"]`);
    await expect(item).toContainText(SPEC2.snapshots[id]!.message);
    await expect(item).toContainText(id.slice(0, 8));
  }
  // The one shown is main's tip, marked; the others are not.
  await expect(region.locator('button[aria-current="true"]')).toHaveCount(2); // the branch and the snapshot
  await expect(region.locator(`[data-snapshot="${tip}"] button`)).toHaveAttribute('aria-current', 'true');
  await expect(region.getByRole('button', { name: 'main', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('history-current')).toContainText(`spec ${SPEC2.specVersion}`);
  await expect(page.getByTestId('history-current')).toContainText('branch main');
  // Branches and tags by name, and as badges on the snapshots they point at.
  const refs = region.getByRole('list', { name: 'Branches and tags' });
  for (const b of Object.keys(SPEC2.branches))
    await expect(refs.getByRole('button', { name: b, exact: true })).toBeVisible();
  for (const t of Object.keys(SPEC2.tags))
    await expect(refs.getByRole('button', { name: `tag ${t}`, exact: true })).toBeVisible();
  await expect(region.locator(`[data-snapshot="${v1}"] .badge`)).toHaveText(['tag v1']);
  await expect(region.locator(`[data-snapshot="${SPEC2.branches.dev}"] .badge`)).toHaveText(['dev']);

  await plotAndCompare(page, '/temp', tipTime0);

  // Open the tag's snapshot from the list.
  await region.locator(`[data-snapshot="${v1}"] button`).click();
  await expect(page.getByTestId('history-current')).toContainText(`snapshot ${v1}`);
  await expect(page.getByTestId('history-current')).toContainText(`showing snapshot ${v1}`);
  await expect(page.getByRole('textbox', { name: 'Dataset URL' })).toHaveValue(new RegExp(`snapshot=${v1}`));
  await expect(history(page).locator(`[data-snapshot="${v1}"] button`)).toHaveAttribute('aria-current', 'true');
  await expect(history(page).locator(`[data-snapshot="${tip}"] button`)).not.toHaveAttribute('aria-current', 'true');
  await plotAndCompare(page, '/temp', v1Time0);
  // The share link names the snapshot.
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`snapshot=${v1}`);
  await page.getByTestId('index-time').fill('1');
  expect(await expectMatrixMatches(page, values(SPEC2, v1, '/temp', 1))).toBeGreaterThan(3);

  // The tag's button opens the same snapshot, by its name.
  await history(page).getByRole('button', { name: 'tag v1', exact: true }).click();
  await expect(page.getByTestId('history-current')).toContainText(`showing tag v1`);
  await expect(page.getByTestId('history-current')).toContainText(v1);
  await expect(page.getByRole('textbox', { name: 'Dataset URL' })).toHaveValue(/tag=v1/);
});

test('a share link naming a snapshot, a tag or a branch reopens that version', async ({ page }) => {
  const base = `${S3_URL}/${BUCKET}/fixtures/icechunk/spec2#mode=s3`;
  const dev = SPEC2.branches.dev!;
  const v1 = SPEC2.tags.v1!;
  // g/flags is dev's alone; virt_rec is not on dev's tip.
  expect(SPEC2.snapshots[dev]!.arrays['/g/flags']).toBeDefined();
  expect(SPEC2.snapshots[SPEC2.branches.main!]!.arrays['/g/flags']).toBeUndefined();
  expect(SPEC2.snapshots[dev]!.arrays['/virt_rec']).toBeUndefined();

  // A snapshot id, with a variable: the variable opens at that snapshot with its values.
  await page.goto(shareLink(`${base}&snapshot=${v1}`, '/temp'));
  await expect(page.getByTestId('history-current')).toContainText(`showing snapshot ${v1}`);
  await expect(page.locator('[role=treeitem][data-path="/temp"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('heatmap')).toHaveAttribute('data-rendered', /\d+/);
  await page.getByTestId('view-matrix').click();
  expect(await expectMatrixMatches(page, values(SPEC2, v1, '/temp', 0))).toBeGreaterThan(3);

  // A branch, in a fresh page.
  await page.goto('about:blank');
  await page.goto(shareLink(`${base}&branch=dev`));
  await expect(page.getByTestId('history-current')).toContainText('showing branch dev');
  await expect(page.getByTestId('history-current')).toContainText(dev);
  await expect(page.getByRole('tree')).toBeVisible();
  await plotAndCompare(page, '/g/flags', values(SPEC2, dev, '/g/flags'));
  await expect(page.locator('[role=treeitem][data-path="/virt_rec"]')).toHaveCount(0);
  await plotAndCompare(page, '/temp', values(SPEC2, dev, '/temp', 0));

  // A tag.
  await page.goto('about:blank');
  await page.goto(shareLink(`${base}&tag=v1`));
  await expect(page.getByTestId('history-current')).toContainText('showing tag v1');
  await expect(page.getByTestId('history-current')).toContainText(v1);
  await expect(page.getByRole('tree')).toBeVisible();
  await expect(page.locator('[role=treeitem][data-path="/virt_rec"]')).toBeVisible();
  await selectPath(page, '/g');
  await expect(page.locator('[role=treeitem][data-path="/g/counts"]')).toBeVisible();
  await expect(page.locator('[role=treeitem][data-path="/g/flags"]')).toHaveCount(0);
});

test('spec version 1 over the static server: main’s ancestry, its values, #branch=dev', async ({ page }) => {
  const main = SPEC1.branches.main!;
  const dev = SPEC1.branches.dev!;
  await page.goto('/');
  await openUrl(page, STATIC_REPO);
  const current = page.getByTestId('history-current');
  await expect(current).toContainText(`spec ${SPEC1.specVersion}`);
  await expect(current).toContainText('branch main');
  await expect(current).toContainText(main);
  const region = history(page);
  const items = region.getByTestId('history-snapshot');
  const ancestry = SPEC1.ancestry.main!.map((s) => s.id);
  await expect(items).toHaveCount(ancestry.length);
  // Newest first, as the library's ancestry; messages from the snapshot files.
  expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-snapshot')))).toEqual(ancestry);
  for (const s of SPEC1.ancestry.main!)
    await expect(region.locator(`[data-snapshot="${s.id}"]`)).toContainText(s.message);
  await expect(region.locator(`[data-snapshot="${main}"] button`)).toHaveAttribute('aria-current', 'true');
  await plotAndCompare(page, '/temp', values(SPEC1, main, '/temp', 0));

  await openUrl(page, `${STATIC_REPO}#branch=dev`);
  await expect(current).toContainText('branch dev');
  await expect(current).toContainText(dev);
  await expect(region.locator(`[data-snapshot="${dev}"] button`)).toHaveAttribute('aria-current', 'true');
  // dev's ancestry is listed now that the branch is known.
  for (const s of SPEC1.ancestry.dev!) await expect(region.locator(`[data-snapshot="${s.id}"]`)).toBeVisible();
  await plotAndCompare(page, '/g/flags', values(SPEC1, dev, '/g/flags'));
  await plotAndCompare(page, '/temp', values(SPEC1, dev, '/temp', 0));
});

test('spec version 1 where refs/ cannot be listed: the History region says so', async ({ page }) => {
  // The static server lists no folders (no autoindex; not S3): only main is known, and dev and tag v1 exist.
  expect(Object.keys(SPEC1.branches).length + Object.keys(SPEC1.tags).length).toBeGreaterThan(1);
  await page.goto('/');
  await openUrl(page, STATIC_REPO);
  const region = history(page);
  await expect(region.getByTestId('history-snapshot').first()).toBeVisible();
  await expect(region).toContainText("cannot list the repository's refs", { timeout: 10_000 });
});
