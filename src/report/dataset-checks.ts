/** Dataset-level facts and findings: dialect and form, consolidation and its cost at open, unreadable objects, NCZarr. */
import type { Dataset, Group, Variable } from '../model/types';
import type { Fact, Finding } from './types';

function walk(g: Group, depth: number, out: { groups: number; arrays: number; depth: number }): void {
  out.groups += 1;
  out.arrays += g.variables.length;
  out.depth = Math.max(out.depth, depth);
  for (const c of g.groups) walk(c, depth + 1, out);
}

const FORMS: Record<string, string> = {
  'v1-objects': 'NCZarr v1 objects (.nczarr, .nczgroup, .nczarray, .nczattr)',
  'keys-upper': 'NCZarr keys in .zgroup/.zarray, upper case (netcdf-c 4.8–4.9.0)',
  'keys-lower': 'NCZarr keys in .zgroup/.zarray, lower case (netcdf-c 4.9.1–4.9.2)',
  attributes: 'NCZarr keys in .zattrs (netcdf-c 4.9.3 and later)',
};

/** Files read in place (src/formats), by `Dataset.format`. */
const FILE_FORMATS: Record<string, string> = {
  classic: 'netCDF-3 classic (CDF-1)',
  '64-bit offset': 'netCDF-3 64-bit offset (CDF-2)',
  cdf5: 'netCDF-3 64-bit data (CDF-5)',
};

export function dialectText(ds: Dataset): string {
  if (ds.format !== undefined) return `${FILE_FORMATS[ds.format] ?? ds.format} file, read in place by byte range`;
  const d = ds.dialect;
  const base = `Zarr v${d.zarrFormat}`;
  if (d.nczarr) return `${base}, NCZarr ${d.nczarrVersion ?? ''} — ${FORMS[d.nczarr] ?? d.nczarr}`.replace('  ', ' ');
  return d.xarray ? `${base}, xarray conventions (named dimensions)` : `${base}, pure Zarr`;
}

/** Metadata requests opening takes without consolidated metadata, and in how many sequential round trips. */
export function openCost(ds: Dataset): { requests: number; roundTrips: number; groups: number; arrays: number } {
  const t = { groups: 0, arrays: 0, depth: 0 };
  walk(ds.root, 0, t);
  const perNode = ds.dialect.zarrFormat === 3 ? 1 : ds.dialect.nczarr === 'v1-objects' ? 3 : 2;
  return { requests: (t.groups + t.arrays) * perNode, roundTrips: t.depth + 2, groups: t.groups, arrays: t.arrays };
}

export function datasetChecks(ds: Dataset): { facts: Fact[]; findings: Finding[] } {
  const facts: Fact[] = [];
  const findings: Finding[] = [];
  const cost = openCost(ds);
  facts.push({ label: 'Dialect', value: dialectText(ds) });
  facts.push({
    label: 'Groups and variables',
    value: `${cost.groups} group${cost.groups === 1 ? '' : 's'}, ${cost.arrays} variable${cost.arrays === 1 ? '' : 's'}`,
  });
  // A file read in place has its metadata in its header, read at once: consolidation does not apply.
  if (ds.format !== undefined) return { facts, findings };
  facts.push({
    label: 'Consolidated',
    value: ds.dialect.consolidated ? 'yes: one metadata request opens the dataset' : 'no',
  });
  if (!ds.dialect.consolidated && cost.arrays > 0) {
    const costText = `Opening reads about ${cost.requests} metadata objects in ${cost.roundTrips} sequential round trips instead of one.`;
    const pureV2 = ds.dialect.zarrFormat === 2 && ds.dialect.nczarr === null;
    findings.push({
      code: 'not-consolidated',
      severity: pureV2 ? 'warning' : 'info',
      path: '/',
      message: pureV2
        ? `${costText} Over plain HTTP (no listing) the arrays cannot be found at all without .zmetadata.`
        : `${costText} NCZarr metadata lists the children, so no listing is needed.`,
      advice: pureV2
        ? 'Consolidate: zarr.consolidate_metadata(store), or to_zarr(..., consolidated=True).'
        : 'Consolidated metadata (.zmetadata) would make opening one request.',
    });
  }
  if (ds.ncProperties) facts.push({ label: 'Written by', value: ds.ncProperties });
  return { facts, findings };
}

const DIMENSION_PROBLEM = /dimension|_ARRAY_DIMENSIONS/;

/** Problems met reading the metadata, as findings of the variable or group they concern. */
export function problemFindings(ds: Dataset): Finding[] {
  return ds.problems.map((p) => {
    const nc = ds.dialect.nczarr !== null;
    const dim = DIMENSION_PROBLEM.test(p.message);
    const path = p.key.startsWith('/') ? p.key : `/${p.key}`;
    return {
      code: dim ? (nc ? 'nczarr-dimension' : 'dimension-mismatch') : 'unreadable',
      severity: 'error' as const,
      path,
      message: p.message,
      advice: dim
        ? 'Make the dimension references name existing dimensions whose lengths match the array shape.'
        : 'Repair or remove this object: readers skip it or fail on it.',
    };
  });
}

/** NCZarr: every axis resolves to a named dimension, and fixed dimensions match the shape. */
export function nczarrFindings(ds: Dataset, v: Variable): Finding[] {
  if (ds.dialect.nczarr === null) return [];
  const out: Finding[] = [];
  v.dimensions.forEach((d, i) => {
    const len = v.shape[i] ?? 0;
    if (d.anonymous) {
      out.push({
        code: 'nczarr-dimension',
        severity: 'error',
        path: v.path,
        message: `Axis ${i} of ${v.path} has no named dimension (its reference did not resolve or disagreed with the shape).`,
        advice: 'Fix _nczarr_array.dimension_references to name a dimension of this or an enclosing group.',
      });
    } else if ((!d.unlimited && d.length !== len) || (d.unlimited && len > d.length)) {
      out.push({
        code: 'nczarr-dimension',
        severity: 'error',
        path: v.path,
        message: `Axis ${i} has length ${len} but dimension ${d.path} has length ${d.length}.`,
        advice: 'Make the array shape agree with the dimension length.',
      });
    }
  });
  return out;
}
