/**
 * A join as the viewer opens datasets: `openJoinedDataset` gives the joined store to `openDataset` (src/open.ts)
 * as its opened store, so the model, lazy tree, reads, series, worker pool, cache and notices are the ones every
 * dataset has.
 *
 * @example
 * const joined = await openJoin(files, { open: openMember, onProgress });
 * const opened = await openJoinedDataset(joined, 'goes/2024/001/*.nc');
 */
import { type Dataset, openDataset, type OpenDatasetOptions } from '../open';
import { emptyTelemetry } from '../store/types';
import { describeJoin } from './described';
import type { Joined } from './index';

/** Opens the join as a dataset; `location` names it (the glob or the member list) in titles and share links. */
export async function openJoinedDataset(
  joined: Joined,
  location: string,
  options: Omit<OpenDatasetOptions, 'openStore'> = {},
): Promise<Dataset> {
  const ds = await openDataset(
    { kind: 'url', url: location },
    {
      ...options,
      openStore: () =>
        Promise.resolve({
          store: joined.store,
          mode: { medium: 'file' },
          name: joined.dataset.name,
          telemetry: emptyTelemetry(),
          location,
        }),
    },
  );
  const first = joined.plan.members[0];
  describeJoin(ds, {
    location,
    members: joined.plan.members.map((m) => m.location),
    leftOut: joined.leftOut.map((l) => l.location),
    dimension: joined.plan.choice.dimension,
    kind: joined.plan.choice.kind,
    format: first?.format,
    consolidated: first?.consolidated ?? false,
  });
  return ds;
}
