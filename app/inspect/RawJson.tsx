import type { Group, Variable } from '../core';

interface Props {
  readonly item: Group | Variable;
}

function replacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return Array.from(value);
  return value;
}

/** The array metadata (v3 shape) of a variable, or a group's attributes and dimensions. */
export function RawJson({ item }: Props) {
  const json =
    'zarr' in item
      ? { metadata: item.zarr.metadata, attributes: item.attributes }
      : { path: item.path, dimensions: item.dimensions, attributes: item.attributes };
  return (
    <pre className="code" data-testid="raw-json" tabIndex={0} aria-label="Raw metadata">
      {JSON.stringify(json, replacer, 2)}
    </pre>
  );
}
