import type { Variable } from '../core';
import { formatBytes, formatShape } from '../common/format';

interface Props {
  readonly variable: Variable;
}

function fillText(v: Variable['fillValue']): string {
  if (v === null) return 'none';
  if (v instanceof Uint8Array) return `bytes(${Array.from(v).join(', ')})`;
  if (Array.isArray(v)) return `(${v.join(', ')})`;
  return String(v);
}

/** How the variable is stored: shape, chunks, codecs, order, endianness, fill value. */
export function Storage({ variable: v }: Props) {
  const chunkCount = v.shape.reduce((a, n, i) => a * Math.ceil(n / Math.max(1, v.chunks[i] ?? n)), 1);
  const chunkBytes = v.chunks.reduce((a, n) => a * n, 1) * (v.itemSize || 0);
  const rows: [string, string][] = [
    ['Shape', formatShape(v.shape)],
    ['Chunk shape', formatShape(v.chunks)],
    ['Chunk count', String(chunkCount)],
    ['Chunk size (uncompressed)', v.itemSize ? formatBytes(chunkBytes) : 'variable length'],
    ['Data type', `${v.type} (${v.dtype})`],
    [
      'Codecs',
      v.codecs.length
        ? v.codecs
            .map((c) => `${c.id}${Object.keys(c.configuration).length ? ` ${JSON.stringify(c.configuration)}` : ''}`)
            .join(' → ')
        : 'none',
    ],
    ['Order', v.order],
    ['Endianness', v.endianness],
    ['Fill value', fillText(v.fillValue)],
    ['Storage', v.storage],
    ['Zarr format', `v${v.zarr.zarrFormat}`],
    ['Store key', `/${v.zarr.key}`],
    [
      'Chunk key',
      `${v.zarr.chunkKeyPrefix}0${v.shape.length > 1 ? `${v.zarr.chunkSeparator}0`.repeat(v.shape.length - 1) : ''}`,
    ],
  ];
  return (
    <table className="kv" data-testid="storage">
      <tbody>
        {rows.map(([k, val]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{val}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
