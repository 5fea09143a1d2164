/**
 * `zarrview dump` of a glob (or several files) as one dataset, against xarray's open_mfdataset of the same files
 * (fixtures/aggregate/expected.json, scripts/fixtures/make-aggregate.py): the header's dimensions and variables as
 * printed, `-v VAR` values, `--join DIM`, the left-out members named on stderr.
 */
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseDumpArgs } from './args';
import { expandGlob } from './glob';
import { main } from './main';
import { AGGREGATE_DIR, AGGREGATE_EXPECTED, type AggregateExpected } from '../aggregate/testing/expected';
import { capture } from './testing/capture';
import { startStaticServer, type LogEntry, type StaticServer } from '../../e2e/harness/static-server';

const DIR = AGGREGATE_DIR;
const EXPECTED = AGGREGATE_EXPECTED;

/** Each set's glob, options, and the dataset's name (the folder where the glob starts). */
const CASES: Record<string, { glob: string; args: string[]; name: string }> = {
  goes: { glob: 'goes/ABI-L2-CMIPC/2024/*/*/*.nc', args: [], name: '\\2024' }, // ncdump escapes a leading digit
  daily: { glob: 'daily/*.nc', args: [], name: 'daily' },
  monthly: { glob: 'monthly/*.zarr', args: [], name: 'monthly' },
  mixed: { glob: 'mixed/*.nc', args: [], name: 'mixed' },
  'daily-join-lat': { glob: 'daily/tas-?.nc', args: ['--join', 'lat'], name: 'daily' },
};

/** netCDF's default fill values (netcdf.h NC_FILL_*), which ncdump prints as `_`. */
const DEFAULT_FILL: Record<string, number> = {
  int: -2147483647,
  float: 9.969209968386869e36,
  double: 9.969209968386869e36,
};

/** The dimensions and variables of a printed CDL header. */
function header(cdl: string) {
  const dims: AggregateExpected['dims'] = {};
  const variables: AggregateExpected['variables'] = {};
  let section = '';
  for (const line of cdl.split('\n')) {
    if (/^(dimensions|variables|data):$/.test(line) || line.startsWith('// global')) section = line;
    else if (section === 'dimensions:') {
      const m = /^\t(\S+) = (?:(\d+)|UNLIMITED ; \/\/ \((\d+) currently\))/.exec(line);
      if (m) dims[m[1]!] = { size: Number(m[2] ?? m[3]), unlimited: m[3] !== undefined };
    } else if (section === 'variables:') {
      const m = /^\t(\w+) (\S+?)(?:\((.*)\))? ;$/.exec(line);
      if (m) variables[m[2]!] = { type: m[1]!, dims: m[3] ? m[3].split(', ') : [] };
    }
  }
  return { dims, variables };
}

/** The values printed for `name` in the data section. */
function values(cdl: string, name: string): number[] {
  const data = cdl.slice(cdl.indexOf('\ndata:\n'));
  const m = new RegExp(`\\n ${name} =([^;]*);`).exec(data);
  if (!m) throw new Error(`no data for ${name}`);
  return m[1]!
    .split(',')
    .map((s) => s.trim())
    .map((s) => (s === '_' ? NaN : Number(s.replace(/f$/, ''))));
}

async function run(argv: string[]) {
  const io = capture();
  const code = await main(argv);
  vi.restoreAllMocks();
  return { code, out: io.out.join(''), err: io.err.join('') };
}

afterEach(() => vi.restoreAllMocks());

describe.each(Object.keys(CASES))('zarrview dump of the %s join', (set) => {
  const want = EXPECTED[set]!;
  const { glob, args, name } = CASES[set]!;
  const pattern = path.join(DIR, glob);

  it('-h prints the joined header xarray reads (dimensions, unlimited flag, variables, types)', async () => {
    const { code, out, err } = await run(['dump', '-h', ...args, pattern]);
    expect(header(out)).toEqual({ dims: want.dims, variables: want.variables });
    expect(out.startsWith(`netcdf ${name} {\n`)).toBe(true);
    if (want.left_out.length === 0) {
      expect(err).toBe('');
      expect(code).toBe(0);
    } else {
      // the left-out members are named (the first, and how many more), the exit status says so
      expect(code).toBe(1);
      expect(err).toContain(path.join(DIR, set, want.left_out[0]!));
      expect(err).toContain(`and ${want.left_out.length - 1} more problem`);
    }
  });

  it('-v VAR prints the values xarray reads', async () => {
    for (const [name, expected] of Object.entries(want.values)) {
      const { out } = await run(['dump', '-v', name, ...args, pattern]);
      const got = values(out, name);
      expect(got.length, name).toBe(expected.length);
      const type = want.variables[name]!.type;
      const float = type === 'float';
      got.forEach((x, i) => {
        const e = expected[i] ?? NaN;
        if (Number.isNaN(x)) return expect(Number.isNaN(e) || e === DEFAULT_FILL[type], `${name}[${i}] = _`).toBe(true);
        // ncdump prints floats with 7 significant digits, doubles with 15
        expect(Math.abs(x - e) <= Math.abs(e) * (float ? 1e-6 : 1e-14), `${name}[${i}] = ${x}, not ${e}`).toBe(true);
      });
    }
  });
});

describe('locations of a join', () => {
  it('the shell-expanded files of a glob join as the glob does; --join and several locations are parsed', async () => {
    const files = await expandGlob(path.join(DIR, 'daily/*.nc'));
    expect(files.map((f) => path.basename(f))).toEqual(['tas-a.nc', 'tas-b.nc', 'tas-c.nc', 'tas-d.nc', 'tas-e.nc']);
    const a = await run(['dump', '-h', ...files]);
    const b = await run(['dump', '-h', path.join(DIR, 'daily/*.nc')]);
    expect(a.out).toBe(b.out);
    expect(parseDumpArgs(['--join', 't', 'x/*.nc'])).toMatchObject({ join: 't', locations: ['x/*.nc'] });
    expect(parseDumpArgs(['a.nc'])).not.toHaveProperty('locations');
  });

  it('a glob matching nothing is a usage error; a dimension no member has names the members', async () => {
    const none = await run(['dump', '-h', path.join(DIR, 'daily/*.nothing')]);
    expect(none.code).toBe(2);
    expect(none.err).toContain('no files match');
    const bad = await run(['dump', '-h', '--join', 'depth', path.join(DIR, 'daily/*.nc')]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('None of the 5 files can be joined');
    expect(bad.err).toContain('no dimension depth');
  });
});

describe('a join of URLs', () => {
  let web: StaticServer | undefined;
  afterEach(async () => {
    await web?.stop();
    web = undefined;
  });

  it('members named as files are read as files at once: byte ranges only, no Zarr document asked for', async () => {
    web = await startStaticServer(path.resolve(DIR, '../..'), 0, { autoindex: true });
    const names = AGGREGATE_EXPECTED.daily!.members.map((m) => `/fixtures/aggregate/daily/${m}`);
    const byUrl = await run(['dump', '-h', ...names.map((n) => `${web!.url}${n}`)]);
    const local = await run(['dump', '-h', path.join(DIR, 'daily/*.nc')]);
    expect(byUrl.code).toBe(0);
    // The same joined header as the local glob's (its name aside: the folder the members share).
    expect(byUrl.out.split('\n').slice(1)).toEqual(local.out.split('\n').slice(1));
    const log = (await (await fetch(`${web.url}/__control/log`)).json()) as LogEntry[];
    const requests = log.filter((r) => r.path.startsWith('/fixtures/aggregate/daily/'));
    expect(requests.filter((r) => !names.includes(r.path) || r.status === 404)).toEqual([]);
    for (const r of requests) expect(r.range).toMatch(/^bytes=\d+-\d+$/);
  });
});
