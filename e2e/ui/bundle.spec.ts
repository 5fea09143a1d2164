import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { ROOT } from './helpers';

/** The built app (vite.config.ts's outDir: `ZARRVIEW_DIST`, else dist). */
const DIST = path.join(ROOT, process.env.ZARRVIEW_DIST ?? 'dist');

test('the initial JavaScript is at most 250 KB gzip and plotly is not in it', async ({ page }) => {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]!);
  expect(refs.length).toBeGreaterThan(0);
  let total = 0;
  for (const ref of refs) {
    const code = readFileSync(path.join(DIST, ref.replace(/^\//, '')));
    // A class name of plotly's own (its chunk has it; the app's code does not).
    expect(code.toString('utf8')).not.toContain('modebar-container');
    total += gzipSync(code).length;
  }
  expect(total).toBeLessThanOrEqual(250 * 1024);

  // And in the browser: no plotly request until a plot is shown (plotly's chunk known by its own class name; the
  // app's wrapper module, PlotlyView, only imports it on demand).
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto('/');
  await expect(page.getByTestId('open-panel')).toBeVisible();
  const scripts = requests.filter((u) => u.endsWith('.js')).map((u) => new URL(u).pathname);
  expect(scripts.length).toBeGreaterThan(0);
  const plotly = scripts.filter((p) =>
    readFileSync(path.join(DIST, p.replace(/^\//, '')), 'utf8').includes('modebar-container'),
  );
  expect(plotly).toEqual([]);
});

test('the decode worker loads the map projections (d3) only when a map is first reprojected', () => {
  const assets = path.join(DIST, 'assets');
  const worker = readdirSync(assets).find((f) => /^decode\.worker-.*\.js$/.test(f));
  expect(worker).toBeDefined();
  const code = readFileSync(path.join(assets, worker!), 'utf8');
  // d3-geo's stream handlers name GeoJSON types; the worker's own code does not.
  expect(code).not.toContain('FeatureCollection');
  const lazy = /reproject-task-[\w-]+\.js/.exec(code)?.[0];
  expect(lazy, 'the reprojection chunk the worker imports on demand').toBeDefined();
  expect(readFileSync(path.join(assets, lazy!), 'utf8')).toContain('FeatureCollection');
});
