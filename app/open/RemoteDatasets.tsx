/**
 * Well-known public datasets that anyone can read without an account, for visitors with a network. They live on
 * other hosts: each is marked remote with its host, and nothing is requested from them until the user clicks one
 * (buttons, not links, so the browser prefetches nothing).
 */

export interface RemoteDataset {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly url: string;
}

export const REMOTE_DATASETS: readonly RemoteDataset[] = [
  {
    id: 'era5-1deg',
    title: 'ERA5 reanalysis, hourly at 1° (ARCO-ERA5, Google Cloud)',
    description: 'ECMWF ERA5 1959–2022 regridded to 360 × 181 as Zarr, from the Analysis-Ready, Cloud-Optimized ERA5.',
    url: 'https://storage.googleapis.com/gcp-public-data-arco-era5/ar/1959-2022-1h-360x181_equiangular_with_poles_conservative.zarr',
  },
  {
    id: 'cmip6-cesm2-tas',
    title: 'CMIP6 CESM2 historical monthly tas (Pangeo CMIP6, Google Cloud)',
    description: 'Near-surface air temperature of NCAR CESM2, historical run r1i1p1f1, as consolidated Zarr.',
    url: 'https://storage.googleapis.com/cmip6/CMIP6/CMIP/NCAR/CESM2/historical/r1i1p1f1/Amon/tas/gn/v20190308/',
  },
  {
    id: 'mur-sst',
    title: 'MUR sea surface temperature at 0.01° (AWS Open Data)',
    description: 'JPL Multi-scale Ultra-high Resolution SST, daily since 2002, as one Zarr store (large).',
    url: 's3://mur-sst/zarr-v1',
  },
  {
    id: 'goes16',
    title: 'NOAA GOES-16 ABI full-disk images (AWS Open Data)',
    description:
      'The noaa-goes16 bucket: netCDF-4 files of one hour of cloud and moisture imagery, to browse and open.',
    url: 's3://noaa-goes16/ABI-L2-CMIPF/2023/001/00/',
  },
];

/** The host a dataset URL is read from, as shown to the user (s3:// buckets are named as on AWS). */
export function remoteHost(url: string): string {
  const s3 = /^s3:\/\/([^/]+)/.exec(url);
  if (s3) return `${s3[1]}.s3.amazonaws.com`;
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

interface Props {
  readonly onOpen: (url: string) => void;
}

/** The "Public datasets (remote)" list of the start screen. */
export function RemoteDatasets({ onOpen }: Props) {
  return (
    <section aria-labelledby="remote-heading" data-testid="remote-datasets">
      <h2 id="remote-heading">Public datasets (remote)</h2>
      <p className="muted">
        Read from their own hosts over the network when you click one; nothing is requested from them before.
      </p>
      <ul className="card-list">
        {REMOTE_DATASETS.map((d) => (
          <li key={d.id}>
            <button
              type="button"
              className="card"
              onClick={() => onOpen(d.url)}
              data-testid={`remote-${d.id}`}
              title={d.url}
            >
              <strong>{d.title}</strong>
              <span className="muted">{d.description}</span>
              <span>
                <span className="badge">remote</span> <span className="muted">{remoteHost(d.url)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
