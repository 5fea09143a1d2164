/**
 * Files of the world corpus (fixtures/world/index.json) for the e2e specs: their licences forbid committing them, so
 * they are taken from the cache `scripts/fixtures/world-fetch.mjs` fills (fetched here when missing, sha256 checked);
 * their reference values come from h5py (Debian python3-h5py) reading the same file at test time; and the file is
 * dropped on the page as a user drops it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ROOT } from '../ui/helpers';

const FETCH = path.join(ROOT, 'scripts/fixtures/world-fetch.mjs');
const CACHE = process.env.ZARRVIEW_WORLD_CACHE || path.join(os.homedir(), '.cache', 'zarrview', 'world');
const PYTHON = '/usr/bin/python3';

/**
 * Makes sure the corpus files `ids` are in the cache (world-fetch.mjs downloads only the packages of missing ones);
 * returns their paths by id, or why they could not be had. Under CI that is an error, not a reason to skip.
 */
export function corpusFiles(ids: readonly string[]): { paths: Record<string, string> } | { missing: string } {
  const r = spawnSync(process.execPath, [FETCH, 'fetch', ...ids], { encoding: 'utf8', timeout: 20 * 60_000 });
  if (r.status !== 0) {
    const why = `world-fetch.mjs fetch ${ids.join(' ')} failed: ${(r.stderr || String(r.error ?? '')).trim()}`;
    if (process.env.CI) throw new Error(why);
    return { missing: why };
  }
  const check = spawnSync(PYTHON, ['-c', 'import h5py'], { encoding: 'utf8' });
  if (check.status !== 0) {
    const why = `${PYTHON} cannot import h5py (Debian python3-h5py): ${check.stderr.trim()}`;
    if (process.env.CI) throw new Error(why);
    return { missing: why };
  }
  return { paths: Object.fromEntries(ids.map((id) => [id, path.join(CACHE, 'files', id)])) };
}

/** Runs a Python script with h5py on `file` (its `sys.argv[1]`); the script prints one JSON value, returned. */
export function h5py<T>(script: string, file: string): T {
  const r = spawnSync(PYTHON, ['-c', `import sys, json, h5py\n${script}`, file], {
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  if (r.status !== 0) throw new Error(`h5py on ${file} failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

/** Drops `file` on the page's drop zone (as a user drags it from a file manager) and waits for the tree. */
export async function dropFile(page: Page, file: string): Promise<void> {
  const bytes = readFileSync(file).toString('base64');
  const dt = await page.evaluateHandle(
    ([b64, name]) => {
      const bin = atob(b64);
      const d = new DataTransfer();
      d.items.add(new File([Uint8Array.from(bin, (c) => c.charCodeAt(0))], name));
      return d;
    },
    [bytes, path.basename(file)] as const,
  );
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dt });
  await expect(page.getByRole('tree')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.dataset-name')).toHaveText(path.basename(file).replace(/\.[^.]*$/, ''));
}
