/**
 * The marks of a discrete sampling geometry (src/geo/dsg/): read and placed once per dataset and variable layout
 * (with the map's core, loaded on first use), or why they could not be (a `DsgError`'s message).
 */
import { useEffect, useState } from 'react';
import { mapValues } from './map-values';
import { decodeSlice, findVariable, type DsgSpec, type OpenDataset, type OpenedDataset } from '../../core';
import { mapCore, type MapCore } from '../../plot/map/map-core';

export type DsgMarks = Awaited<ReturnType<MapCore['loadDsg']>>;

function canRead(ds: OpenedDataset | null): ds is OpenDataset {
  return ds !== null && typeof (ds as Partial<OpenDataset>).read === 'function';
}

/** The placed marks of `spec` in `ds` (null while they load), and the error that stopped them. */
export function useDsgMarks(
  ds: OpenedDataset | null,
  spec: DsgSpec | null,
): { readonly marks: DsgMarks | null; readonly error: string | null } {
  const key = ds && spec ? `${ds.location}|${JSON.stringify(spec)}` : null;
  const [state, setState] = useState<{ key: string; marks: DsgMarks | null; error: string | null } | null>(null);
  useEffect(() => {
    if (!key || !spec || !ds) return;
    let live = true;
    const variable = (path: string) => {
      const v = findVariable(ds.model.root, path);
      if (!v) throw new Error(`${path} is not a variable`);
      return v;
    };
    const read = async (path: string) => {
      if (!canRead(ds)) throw new Error('this dataset cannot be read');
      const v = variable(path);
      const d = decodeSlice(
        await ds.read(
          path,
          v.shape.map(() => null),
        ),
      );
      return mapValues(d.values as ArrayLike<number>, d.mask);
    };
    mapCore()
      .then((core) => core.loadDsg(spec, read, (path) => core.readStrings(ds, variable(path))))
      .then(
        (marks) => live && setState({ key, marks, error: null }),
        (e: unknown) => live && setState({ key, marks: null, error: e instanceof Error ? e.message : String(e) }),
      );
    return () => {
      live = false;
    };
    // `spec` is new at every render; the key holds all of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ds]);
  return state && state.key === key ? state : { marks: null, error: null };
}
