/** Test helper: a minimal Zarr v2 `.zarray` (3 little-endian int32, one chunk, no codecs), with `over` merged in. */
export function zarrayJson(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    zarr_format: 2,
    shape: [3],
    chunks: [3],
    dtype: '<i4',
    fill_value: 0,
    order: 'C',
    compressor: null,
    filters: null,
    ...over,
  };
}
