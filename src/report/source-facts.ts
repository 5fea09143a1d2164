/**
 * What the report says of a virtual, versioned or aggregated dataset (kerchunk references, an Icechunk snapshot, a
 * CFA aggregation): where its chunks' bytes are (the fraction read from other files), how many references or
 * fragments, the other files' formats, the hosts read from, and for a repository its spec version and snapshot.
 */
import type { Dataset } from '../model/types';
import type { SourceSummary } from '../store/types';
import type { Fact } from './types';

const n = (x: number) => x.toLocaleString('en-US');

function percent(part: number, whole: number): string {
  if (whole === 0) return '0%';
  const p = (100 * part) / whole;
  return `${p > 0 && p < 1 ? '< 1' : p > 99 && p < 100 ? '> 99' : Math.round(p)}%`;
}

export function sourceFacts(ds: Dataset, s: SourceSummary | null | undefined): Fact[] {
  const facts: Fact[] = [];
  const r = ds.repository;
  if (r) {
    facts.push({
      label: 'Repository',
      value: `Icechunk, spec version ${r.specVersion}${r.implementation ? ` (written by ${r.implementation})` : ''}`,
    });
    facts.push({
      label: 'Snapshot',
      value: `${r.snapshot.id} (${r.ref.kind} ${r.ref.name})${r.snapshot.message ? `: ${r.snapshot.message}` : ''}`,
    });
  }
  if (!s) return facts;
  const { inline, native, virtual } = s.chunks;
  const total = inline + native + virtual;
  if (s.kind === 'kerchunk')
    facts.push({
      label: 'References',
      value: `${n(total)} chunk references (kerchunk JSON version ${s.referenceVersion ?? 0}): ${n(inline)} inline, ${n(virtual)} to other files`,
    });
  else if (s.kind === 'icechunk')
    facts.push({
      label: 'Chunks',
      value: `${n(total)}: ${n(inline)} inline in manifests, ${n(native)} in the repository, ${n(virtual)} virtual`,
    });
  else
    facts.push({
      label: 'Fragments',
      value: `${n(virtual)} fragments in ${n(Object.values(s.formats).reduce((a, b) => a + b, 0))} files`,
    });
  facts.push({
    label: 'Read from other files',
    value: `${percent(virtual, total)} of the chunks (${n(virtual)} of ${n(total)})`,
  });
  const formats = Object.entries(s.formats)
    .sort((a, b) => b[1] - a[1])
    .map(([f, c]) => `${f} ×${n(c)}`)
    .join(', ');
  if (formats) facts.push({ label: 'Other files', value: `${formats} (by name)` });
  facts.push({ label: 'Hosts read from', value: s.hosts.length ? s.hosts.join(', ') : 'none besides its own' });
  if (s.partial) facts.push({ label: 'Counted', value: s.partial });
  return facts;
}
