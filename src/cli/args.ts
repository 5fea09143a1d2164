/** Command-line parsing for `zarrview dump`, ncdump's flags. */
import { UsageError, ZarrviewError } from '../errors';

export interface DumpArgs {
  readonly header: boolean;
  readonly coords: boolean;
  readonly special: boolean;
  readonly times: boolean;
  readonly vars: readonly string[] | undefined;
  readonly name: string | undefined;
  readonly debug: boolean;
  /** `--timeout s`: per-request timeout in ms for remote locations (default: the network policy's 30 s). */
  readonly timeoutMs: number | undefined;
  readonly location: string;
}

export const USAGE = `usage: zarrview dump [-h] [-c] [-s] [-t] [-v var1[,...]] [-n name] [--timeout s] [--debug] <location>
  location  https://host/path.zarr, s3://bucket/key, a folder, or a .zip file; netcdf-c's
            #mode=nczarr|zarr,noxarray,consolidated,v2|v3,s3|file|zip fragment is honoured
  -h        header only, no data
  -c        header and coordinate variables' data
  -s        special virtual attributes (_Storage, _ChunkSizes, _Codecs, ...)
  -t        times as ISO dates (CF time variables)
  -v vars   data of these variables only (names or full paths, comma separated)
  -n name   dataset name printed after "netcdf"
  --timeout s  give up on a request after s seconds (default 30; failed requests are retried)
  --debug   stack traces on errors`;

function usage(message: string): ZarrviewError {
  return new UsageError(`${message}\n${USAGE}`);
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
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--debug') debug = true;
    else if (a === '--timeout') {
      const val = Number(argv[++i]);
      if (!Number.isFinite(val) || val <= 0) throw usage('--timeout needs a positive number of seconds.');
      timeoutMs = val * 1000;
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
  if (rest.length !== 1) throw usage(rest.length === 0 ? 'missing location.' : 'exactly one location expected.');
  return { header, coords, special, times, vars, name, debug, timeoutMs, location: rest[0] ?? '' };
}
