// The synthetic Zarr v2 stores (bench/synthetic/field.mjs gives the values), as objects made when asked for:
//   pyramid.zarr  consolidated group, OME-NGFF 0.4 `multiscales`, arrays "0".."6" (level k = every 2^k-th cell)
//   big.zarr      consolidated group, one array `field` (the whole field, level 0), no multiscales
//   geo-pyramid.zarr  consolidated, ndpyramid's layout: groups "0".."6" (level k), each with `tas` (lat, lon; the
//                 same chunks as pyramid.zarr's level k) and its coordinates `lat` (90° → −90°, descending) and
//                 `lon` (−180° → 180°): cell i of level k at the mean of the level-0 centres it covers,
//                 90 − (i + ½) · 2^k / 120 and −180 + (i + ½) · 2^k / 120 (one chunk each, float64, zlib)
// Every array: '<f4', chunks [512, 512], zlib level 1, fill NaN, C order, '.' key separator,
// `_ARRAY_DIMENSIONS: ['y', 'x']`. A chunk's bytes are compressed when first asked for and kept in an LRU by size.
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { CHUNK, LEVELS, chunkGrid, chunkValues, levelShape } from './field.mjs';

const deflateAsync = promisify(deflate);

/** The stores served, by name: the array paths inside each and the pyramid level each array holds. */
export const DATASETS = {
  'pyramid.zarr': Object.fromEntries(Array.from({ length: LEVELS }, (_, k) => [String(k), k])),
  'big.zarr': { field: 0 },
  'geo-pyramid.zarr': Object.fromEntries(Array.from({ length: LEVELS }, (_, k) => [`${k}/tas`, k])),
};

/** The coordinate arrays of geo-pyramid.zarr: `k/lat`, `k/lon` → level and axis. */
const GEO_COORDS = Object.fromEntries(
  Array.from({ length: LEVELS }, (_, k) => [
    [`${k}/lat`, { level: k, axis: 'lat' }],
    [`${k}/lon`, { level: k, axis: 'lon' }],
  ]).flat(),
);

/** The coordinate values of level k along `axis` (see the header). */
export function geoCoordinates(k, axis) {
  const [h, w] = levelShape(k);
  const s = 2 ** k / 120;
  return axis === 'lat'
    ? Float64Array.from({ length: h }, (_, i) => 90 - (i + 0.5) * s)
    : Float64Array.from({ length: w }, (_, i) => -180 + (i + 0.5) * s);
}

function zarray(k) {
  return {
    zarr_format: 2,
    shape: levelShape(k),
    chunks: [CHUNK, CHUNK],
    dtype: '<f4',
    compressor: { id: 'zlib', level: 1 },
    fill_value: 'NaN',
    order: 'C',
    filters: null,
    dimension_separator: '.',
  };
}

const ARRAY_ATTRS = { _ARRAY_DIMENSIONS: ['y', 'x'] };

function multiscales() {
  return [
    {
      version: '0.4',
      name: 'field',
      axes: [
        { name: 'y', type: 'space' },
        { name: 'x', type: 'space' },
      ],
      datasets: Array.from({ length: LEVELS }, (_, k) => ({
        path: String(k),
        coordinateTransformations: [{ type: 'scale', scale: [2 ** k, 2 ** k] }],
      })),
    },
  ];
}

function geoDocs() {
  const meta = {
    '.zgroup': { zarr_format: 2 },
    '.zattrs': {
      description: 'synthetic field on latitude/longitude, bench/synthetic/field.mjs',
      multiscales: [
        {
          datasets: Array.from({ length: LEVELS }, (_, k) => ({ path: String(LEVELS - 1 - k) })),
          type: 'reduce',
          metadata: { method: 'pyramid_coarsen', version: 'synthetic', args: [], kwargs: { dims: ['lat', 'lon'] } },
        },
      ],
    },
  };
  const coord = (n, dims, units, name) => [
    { ...zarray(0), shape: [n], chunks: [n], dtype: '<f8' },
    { _ARRAY_DIMENSIONS: dims, units, standard_name: name },
  ];
  for (let k = 0; k < LEVELS; k++) {
    const [h, w] = levelShape(k);
    meta[`${k}/.zgroup`] = { zarr_format: 2 };
    meta[`${k}/tas/.zarray`] = zarray(k);
    meta[`${k}/tas/.zattrs`] = { _ARRAY_DIMENSIONS: ['lat', 'lon'], units: 'K', standard_name: 'air_temperature' };
    [meta[`${k}/lat/.zarray`], meta[`${k}/lat/.zattrs`]] = coord(h, ['lat'], 'degrees_north', 'latitude');
    [meta[`${k}/lon/.zarray`], meta[`${k}/lon/.zattrs`]] = coord(w, ['lon'], 'degrees_east', 'longitude');
  }
  return { ...meta, '.zmetadata': { zarr_consolidated_format: 1, metadata: meta } };
}

/** The metadata documents of store `name`, by key ('.zgroup', '0/.zarray', …, '.zmetadata'). */
export function metadataDocs(name) {
  if (name === 'geo-pyramid.zarr') return geoDocs();
  const arrays = DATASETS[name];
  if (!arrays) return null;
  const meta = {
    '.zgroup': { zarr_format: 2 },
    '.zattrs':
      name === 'pyramid.zarr'
        ? { multiscales: multiscales(), description: 'synthetic field, bench/synthetic/field.mjs' }
        : { description: 'synthetic field, bench/synthetic/field.mjs' },
  };
  for (const [path, k] of Object.entries(arrays)) {
    meta[`${path}/.zarray`] = zarray(k);
    meta[`${path}/.zattrs`] = ARRAY_ATTRS;
  }
  return { ...meta, '.zmetadata': { zarr_consolidated_format: 1, metadata: meta } };
}

/**
 * What a path inside the synthetic folder names: `{ dataset, key }` plus, for a chunk, `{ array, level, i, j }`
 * (null: not a synthetic store). `path` is relative to the folder, e.g. 'pyramid.zarr/3/1.2'.
 */
export function parsePath(path) {
  const m = /^\/?([^/]+\.zarr)\/(.*)$/.exec(path);
  if (!m || !DATASETS[m[1]]) return null;
  const [, dataset, key] = m;
  const c = /^(.+)\/(\d+)\.(\d+)$/.exec(key);
  if (c && c[1] in DATASETS[dataset])
    return { dataset, key, array: c[1], level: DATASETS[dataset][c[1]], i: Number(c[2]), j: Number(c[3]) };
  const g = /^(.+)\/0$/.exec(key);
  const coord = dataset === 'geo-pyramid.zarr' && g ? GEO_COORDS[g[1]] : undefined;
  if (coord) return { dataset, key, array: g[1], level: null, i: null, j: null, coord };
  return { dataset, key, array: null, level: null, i: null, j: null };
}

/**
 * The synthetic stores with an LRU of compressed chunks (`cacheBytes`, default 512 MiB). `get(path)` resolves to
 * `{ body: Buffer, type, chunk }` (chunk: `{ level, i, j }` or null for metadata) or null when nothing is there.
 */
export function createSyntheticStore({ cacheBytes = 512 * 2 ** 20 } = {}) {
  /** @type {Map<string, Buffer>} */
  const lru = new Map();
  /** @type {Map<string, Promise<Buffer>>} */
  const pending = new Map();
  let held = 0;
  const stats = { made: 0, hits: 0 };

  function keep(id, body) {
    lru.set(id, body);
    held += body.length;
    for (const [old, b] of lru) {
      if (held <= cacheBytes) break;
      lru.delete(old);
      held -= b.length;
    }
  }

  async function chunk(level, i, j) {
    const id = `${level}/${i}.${j}`;
    const hit = lru.get(id);
    if (hit) {
      stats.hits++;
      lru.delete(id);
      lru.set(id, hit);
      return hit;
    }
    let p = pending.get(id);
    if (!p) {
      const values = chunkValues(level, i, j);
      p = deflateAsync(Buffer.from(values.buffer), { level: 1 }).then((body) => {
        stats.made++;
        keep(id, body);
        return body;
      });
      p.finally(() => pending.delete(id)).catch(() => {});
      pending.set(id, p);
    }
    return p;
  }

  return {
    stats,
    /** @param {string} path relative to the synthetic folder */
    async get(path) {
      const at = parsePath(path);
      if (!at) return null;
      if (at.level !== null) {
        const [gy, gx] = chunkGrid(at.level);
        if (at.i >= gy || at.j >= gx) return null;
        const body = await chunk(at.level, at.i, at.j);
        return { body, type: 'application/octet-stream', chunk: { level: at.level, i: at.i, j: at.j } };
      }
      if (at.coord) {
        const values = geoCoordinates(at.coord.level, at.coord.axis);
        const body = await deflateAsync(Buffer.from(values.buffer), { level: 1 });
        return { body, type: 'application/octet-stream', chunk: null };
      }
      const doc = metadataDocs(at.dataset)[at.key];
      if (!doc) return null;
      return { body: Buffer.from(JSON.stringify(doc, null, 2)), type: 'application/json', chunk: null };
    },
  };
}
