/**
 * `zarrview dump`: open the location through the store layer, read the model, and print CDL as ncdump does.
 * Values come from the data path's in-process `readSlice`.
 */
import { formatVariableData, printCdl } from '../cdl/index';
import { withPrecision } from '../cdl/number';
import { formatDateNcdump } from '../cf/date-format';
import { timeCoderFor } from '../cf/coordinates';
import { readSlice } from '../data/index';
import { ChunkError, UsageError } from '../errors';
import { walkVariables } from '../model/find';
import type { Slice } from '../api';
import type { Dataset, Variable } from '../model/types';
import type { Store } from '../store/types';
import type { DumpArgs } from './args';
import { asksJoin, openJoined } from './join';
import { openLocation } from './open-location';

/** `-t`: dates for CF time variables, as `ncdump -t` prints them. */
function timeFormatter(v: Variable): ((x: number | bigint) => string | null) | undefined {
  let coder;
  try {
    coder = timeCoderFor(v);
  } catch {
    return undefined;
  }
  if (!coder) return undefined;
  const c = coder;
  return (x) => {
    const d = c.toDate(x);
    return d ? formatDateNcdump(d) : null;
  };
}

/** Variables whose data is printed, or undefined for none (header only). */
function selected(ds: Dataset, args: DumpArgs): Set<Variable> | undefined {
  const all = walkVariables(ds.root);
  if (args.vars) {
    const out = new Set<Variable>();
    for (const want of args.vars) {
      const hits = all.filter((v) => v.path === want || v.name === want || v.path === `/${want}`);
      if (hits.length === 0) throw new UsageError(`variable ${want} not found in ${ds.name}.`, { key: want });
      for (const h of hits) out.add(h);
    }
    return out;
  }
  if (args.header && !args.coords) return undefined;
  if (args.coords) return new Set(all.filter((v) => v.dimensions.length === 1 && v.dimensions[0]?.name === v.name));
  return new Set(all);
}

export interface DumpResult {
  readonly text: string;
  readonly dataset: Dataset;
  /** Variables whose data could not be read, with the error. */
  readonly failures: readonly { readonly variable: Variable; readonly error: unknown }[];
}

/** Produces the CDL for an already opened store. */
export async function dumpStore(store: Store, ds: Dataset, args: DumpArgs): Promise<DumpResult> {
  const chosen = selected(ds, args);
  const slices = new Map<Variable, Slice>();
  const failures: { variable: Variable; error: unknown }[] = [];
  for (const v of chosen ?? []) {
    try {
      const slice = await readSlice(
        store,
        v,
        v.shape.map(() => null),
        { budgetBytes: 2 ** 32 },
      );
      slices.set(v, slice);
      // Chunks that could not be read print as fill values (`_`), as in the viewer; the exit status and the
      // message say so.
      const bad = slice.failedChunks ?? [];
      if (bad.length > 0)
        failures.push({
          variable: v,
          error: new ChunkError(
            `${bad.length} chunk${bad.length > 1 ? 's' : ''} could not be read and print as _ (first: ${bad[0]!.message})`,
            { key: v.path },
          ),
        });
    } catch (error) {
      failures.push({ variable: v, error });
    }
  }
  // `-p F,D`: the float and double precision of every value printed (printCdl is synchronous).
  const text = withPrecision(args.precision, () =>
    printCdl(ds, {
      special: args.special,
      name: args.name,
      data: chosen
        ? (v, indent) => {
            const slice = slices.get(v);
            return chosen.has(v) && slice
              ? formatVariableData(v, slice, indent, { time: args.times ? timeFormatter(v) : undefined })
              : undefined;
          }
        : undefined,
    }),
  );
  return { text, dataset: ds, failures };
}

/** Opens `args.location` and dumps it. */
export async function dump(args: DumpArgs): Promise<DumpResult> {
  const { store, dataset } = asksJoin(args)
    ? await openJoined(args)
    : await openLocation(args.location, { timeoutMs: args.timeoutMs, name: args.name });
  return dumpStore(store, dataset, args);
}
