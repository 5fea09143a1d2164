/** Command-line parsing for `zarrview dump`, ncdump's flags. */
import type { Precision } from '../cdl/number';
import { UsageError, ZarrviewError } from '../errors';

export interface DumpArgs {
  readonly header: boolean;
  readonly coords: boolean;
  readonly special: boolean;
  readonly times: boolean;
  readonly vars: readonly string[] | undefined;
  readonly name: string | undefined;
  readonly debug: boolean;
  /** `-p F[,D]`: significant digits of float and double values (ncdump's default 7 and 15 when undefined). */
  readonly precision?: Precision | undefined;
  /** `--timeout s`: per-request timeout in ms for remote locations (default: the network policy's 30 s). */
  readonly timeoutMs: number | undefined;
  readonly location: string;
  /** Several locations, or a glob (`dir/*.nc`), are opened as one dataset (src/aggregate): every location given. */
  readonly locations?: readonly string[] | undefined;
  /** `--join DIM`: the dimension (or scalar coordinate) a join is made along. */
  readonly join?: string | undefined;
}

export const USAGE = `usage: zarrview dump [-h] [-c] [-s] [-t] [-v var1[,...]] [-n name] [-p F[,D]] [--timeout s] [--debug] [--join DIM] <location>...
  location  https://host/path.zarr, s3://bucket/key, a folder, or a .zip file; netcdf-c's
            #mode=nczarr|zarr,noxarray,consolidated,v2|v3,s3|file|zip fragment is honoured;
            several files, or a glob of local files ('dir/*.nc'), are shown as one dataset
  -h        header only, no data
  -c        header and coordinate variables' data
  -s        special virtual attributes (_Storage, _ChunkSizes, _Codecs, ...)
  -t        times as ISO dates (CF time variables)
  -v vars   data of these variables only (names or full paths, comma separated)
  -n name   dataset name printed after "netcdf"
  -p F[,D]  significant digits of float (default 7) and double (default 15) values, 1 to 20
  --timeout s  give up on a request after s seconds (default 30; failed requests are retried)
  --join DIM   join the files along this dimension, or along a new one made of this scalar variable
  --debug   stack traces on errors`;

function usage(message: string): ZarrviewError {
  return new UsageError(`${message}\n${USAGE}`);
}

/** C's strtol at `from`: the integer there (blanks and a sign allowed) and where it ends; 0 and `from` if none. */
function strtol(s: string, from: number): { value: number; end: number } {
  const m = /^[ \t\n\v\f\r]*[-+]?\d+/.exec(s.slice(from));
  return m ? { value: parseInt(m[0], 10), end: from + m[0].length } : { value: 0, end: from };
}

/**
 * `-p float_digits[,double_digits]` as ncdump's set_precision reads it: each 1 to 20, the double's 15 kept when
 * there is no `,D`. As in ncdump, an argument starting with `,` (`-p ,17`) changes nothing.
 */
export function parsePrecision(arg: string): Precision {
  let float = 7;
  let double = 15;
  let end: number | undefined;
  const floatGiven = arg.length > 0 && !arg.startsWith(',');
  if (floatGiven) ({ value: float, end } = strtol(arg, 0));
  if (float < 1 || float > 20) throw usage(`unreasonable value for float significant digits: ${float}`);
  if (end !== undefined && arg.charAt(end) === ',') {
    const d = strtol(arg, end + 1);
    double = d.value;
    if (d.end === end + 1 || double < 1 || double > 20)
      throw usage(`unreasonable value for double significant digits: ${double}`);
    return { float, double, floatGiven, doubleGiven: true };
  }
  return { float, double, floatGiven, doubleGiven: false };
}

/** Parses the arguments after `dump`; throws a `usage` ZarrviewError when they are wrong. */
export function parseDumpArgs(argv: readonly string[]): DumpArgs {
  let header = false,
    coords = false,
    special = false,
    times = false,
    debug = false;
  let vars: string[] | undefined;
  let name: string | undefined;
  let timeoutMs: number | undefined;
  let precision: Precision | undefined;
  let join: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--debug') debug = true;
    else if (a === '--join') {
      join = argv[++i];
      if (!join) throw usage('--join needs a dimension name.');
    } else if (a === '--timeout') {
      const val = Number(argv[++i]);
      if (!Number.isFinite(val) || val <= 0) throw usage('--timeout needs a positive number of seconds.');
      timeoutMs = val * 1000;
    } else if (a.startsWith('-p')) {
      const val = a === '-p' ? argv[++i] : a.slice(2);
      if (val === undefined) throw usage('-p needs a value.');
      precision = parsePrecision(val);
    } else if (a === '-v' || a === '-n') {
      const val = argv[++i];
      if (val === undefined) throw usage(`${a} needs a value.`);
      if (a === '-v') vars = [...(vars ?? []), ...val.split(',').filter(Boolean)];
      else name = val;
    } else if (/^-[hcst]+$/.test(a)) {
      for (const f of a.slice(1)) {
        if (f === 'h') header = true;
        else if (f === 'c') coords = true;
        else if (f === 's') special = true;
        else times = true;
      }
    } else if (a.startsWith('-') && a.length > 1) throw usage(`unknown option ${a}.`);
    else rest.push(a);
  }
  if (rest.length === 0) throw usage('missing location.');
  const many = rest.length > 1 || join !== undefined ? { locations: rest, join } : {};
  return { header, coords, special, times, vars, name, debug, timeoutMs, precision, location: rest[0] ?? '', ...many };
}
