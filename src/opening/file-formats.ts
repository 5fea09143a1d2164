/**
 * The file formats (src/formats: netCDF-3, netCDF-4/HDF5 read in place, CFA masters), loaded only when a location
 * turns out to be a file, so that the app's first bundle stays small. Both modules are asked for at once (one
 * round trip for the page, not two one after the other); a join of files asks for them as it starts listing.
 */
type Formats = {
  readonly sources: Promise<typeof import('../formats/open/sources')>;
  readonly cfa: Promise<typeof import('../formats/cfa/index')>;
};

let loading: Formats | null = null;

export function loadFileFormats(): Formats {
  if (loading) return loading;
  const next: Formats = { sources: import('../formats/open/sources'), cfa: import('../formats/cfa/index') };
  // A failed load is asked for again next time (a chunk that did not arrive); its error goes to whoever awaits it.
  const retry = () => {
    if (loading === next) loading = null;
  };
  next.sources.catch(retry);
  next.cfa.catch(retry);
  loading = next;
  return next;
}
