/**
 * A join's datasets as its joined axis grows (remote.ts hands one over per snapshot): the coordinates that do not
 * change (every one but the joined, which is in memory) are read from their member once, not again for each new
 * dataset. fixtures/aggregate/monthly (four Zarr stores) over the harness's HTTP server, whose request log counts the
 * requests; each dataset's coordinates read as the viewer reads them when it shows that dataset.
 */
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStaticServer, type LogEntry, type StaticServer } from '../../e2e/harness/static-server';
import type { Dataset } from '../open';
import { openJoinLocation } from './remote';
import { AGGREGATE_DIR, AGGREGATE_EXPECTED } from './testing/expected';

let web: StaticServer;
beforeAll(async () => {
  web = await startStaticServer(path.resolve(AGGREGATE_DIR, '../..'), 0, { autoindex: true });
});
afterAll(() => web?.stop());

const log = async () => (await (await fetch(`${web.url}/__control/log`)).json()) as LogEntry[];

it('a growing join reads its unchanged coordinates once, whatever the number of datasets it hands over', async () => {
  const e = AGGREGATE_EXPECTED.monthly!;
  await fetch(`${web.url}/__control/reset`, { method: 'POST' });
  const datasets: Dataset[] = [];
  const reads: Promise<unknown>[] = [];
  // Each dataset's coordinates read when it arrives, one dataset after the other, as a view showing it reads them.
  let queue: Promise<unknown> = Promise.resolve();
  const show = (ds: Dataset) => {
    datasets.push(ds);
    queue = queue.then(() => Promise.all(['/lat', '/lon', '/time'].map((v) => ds.read(v, [null]))));
    reads.push(queue);
  };
  const { first, complete } = await openJoinLocation(`${web.url}/fixtures/aggregate/monthly/*.zarr`, {
    concurrency: 1,
    snapshotMs: 0,
    onDataset: show,
  });
  show(first);
  await complete;
  await Promise.all(reads);
  // More than one dataset: the axis grew member by member.
  expect(datasets.length).toBeGreaterThanOrEqual(3);
  const times = datasets.map((d) => d.model.root.dimensions.find((x) => x.name === 'time')!.length);
  expect(times[times.length - 1]).toBe(e.dims.time!.size);
  // The same latitudes in every dataset.
  const lats = await Promise.all(
    datasets.map(async (d) => Array.from((await d.read('/lat', [null])).data as Float32Array)),
  );
  for (const l of lats) expect(l).toEqual(lats[0]);
  const requests = await log();
  const count = (suffix: string) => requests.filter((r) => r.path.endsWith(suffix)).length;
  const proto = `/monthly/${e.members[0]}`;
  // The prototype's latitude and longitude: one request each for all the datasets.
  expect(count(`${proto}/lat/0`)).toBe(1);
  expect(count(`${proto}/lon/0`)).toBe(1);
  // The joined coordinate: each member's read once, to order the members (then held in memory).
  for (const m of e.members) expect(count(`/monthly/${m}/time/0`)).toBe(1);
});
