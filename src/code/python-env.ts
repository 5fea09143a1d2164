/**
 * Tests that run generated Python need Debian's python3 with xarray, zarr, fsspec, aiohttp, h5netcdf, scipy,
 * netCDF4, h5py and cartopy (the Map's code). They do not skip when it is missing: `npm test` installs the packages with apt-get when root (scripts/test.mjs), otherwise the
 * test fails with the command to run.
 */
import { spawn, spawnSync } from 'node:child_process';

export const PYTHON = '/usr/bin/python3';
export const PYTHON_PACKAGES = [
  'python3-xarray',
  'python3-zarr',
  'python3-fsspec',
  'python3-aiohttp',
  'python3-h5netcdf',
  'python3-scipy',
  'python3-netcdf4',
  'python3-h5py',
  'python3-cartopy',
];

export function pythonProblem(): string | null {
  const r = spawnSync(PYTHON, ['-c', 'import xarray, zarr, fsspec, aiohttp, h5netcdf, scipy, netCDF4, h5py, cartopy'], {
    encoding: 'utf8',
  });
  if (r.status === 0) return null;
  return `${PYTHON} with xarray, zarr, fsspec, aiohttp, h5netcdf, scipy, netCDF4, h5py and cartopy is needed: apt-get install -y ${PYTHON_PACKAGES.join(' ')} (${(r.stderr || String(r.error ?? '')).trim().split('\n').pop() ?? ''})`;
}

/** Runs Python code (in `cwd` when given) and returns its standard output; throws with its standard error on failure. */
export async function runPython(code: string, timeoutMs = 60_000, cwd?: string): Promise<string> {
  const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(PYTHON, ['-c', code], {
      timeout: timeoutMs,
      env: { ...process.env, PYTHONWARNINGS: 'ignore' },
      ...(cwd ? { cwd } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
  if (r.status !== 0) throw new Error(`python failed (${r.status}): ${r.stderr}\n--- code ---\n${code}`);
  return r.stdout;
}

/**
 * Runs a snippet and returns its `values` flattened as float64 (NaN for masked), printed as JSON after the
 * snippet's own output. Asynchronous: the server it reads from may live in this process.
 */
export async function runSnippet(code: string, timeoutMs = 60_000): Promise<number[]> {
  const probe = [
    code,
    'import json as _json, numpy as _np',
    '_v = _np.asarray(values, dtype="f8").ravel()',
    'print("@@VALUES@@" + _json.dumps([None if _np.isnan(x) else float(x) for x in _v]))',
  ].join('\n');
  const stdout = await runPython(probe, timeoutMs);
  const line = stdout.split('\n').find((l) => l.startsWith('@@VALUES@@'));
  if (!line) throw new Error(`no values printed: ${stdout}`);
  return (JSON.parse(line.slice('@@VALUES@@'.length)) as (number | null)[]).map((x) => (x === null ? NaN : x));
}
