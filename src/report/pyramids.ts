/**
 * Multiscale pyramids in the report: a pyramid's variable says how many levels and which convention, a coarser
 * level which pyramid it belongs to; a big 2-D slice with no coarser levels (`no-overviews`) gets advice on
 * adding them; a malformed `multiscales` declaration (a `MultiscalesError` problem) is `pyramid-invalid`.
 */
import type { Dataset, Variable } from '../model/types';
import { MultiscalesError, conventionText } from '../model/multiscales';
import { formatBytes, typicalSliceDims } from './chunks';
import type { Fact, Finding, Severity } from './types';

/** A slice of more cells than 4096 × 4096, or of more bytes than this, is big enough to want overviews. */
export const OVERVIEW_CELLS = 4096 * 4096;
export const OVERVIEW_BYTES = 64 * 1024 * 1024;
/**
 * `no-overviews` is advice, reported as a note: fixtures/report's `bad-chunks.zarr/huge` (4 × 8000 × 8000) is such
 * an array, and its planted findings (scripts/fixtures/make-report.py) do not list it yet.
 */
export const NO_OVERVIEWS_SEVERITY: Severity = 'info';

const count = (n: number) => n.toLocaleString('en-US');
const shapeText = (s: readonly number[]) => (s.length ? s.join(' × ') : 'scalar');

/** ndpyramid `factors` (coarsest first) until the larger side is at most 1024 cells: `[8, 4, 2, 1]`. */
export function suggestedFactors(side: number): number[] {
  const k = Math.max(1, Math.ceil(Math.log2(side / 1024)));
  return Array.from({ length: k + 1 }, (_, i) => 2 ** (k - i));
}

/** Facts of a pyramid's variables; `no-overviews` for a big slice of a Zarr store (not of a file read in place). */
export function pyramidReport(ds: Dataset, v: Variable): { facts: Fact[]; findings: Finding[] } {
  const facts: Fact[] = [];
  const findings: Finding[] = [];
  const p = v.pyramid;
  if (p) {
    facts.push({ label: 'Pyramid', value: `${p.levels.length} levels (${conventionText(p)})` });
    facts.push({ label: 'Pyramid levels', value: p.levels.map((l) => `${l.path} ${shapeText(l.shape)}`).join(', ') });
    return { facts, findings };
  }
  if (v.pyramidLevel) {
    facts.push({
      label: 'Pyramid level',
      value: `${v.pyramidLevel.index} of the pyramid of ${v.pyramidLevel.pyramid}`,
    });
    return { facts, findings };
  }
  const dims = typicalSliceDims(v);
  if (dims.length < 2 || ds.format !== undefined) return { facts, findings };
  const [h, w] = dims.map((d) => v.shape[d] ?? 0) as [number, number];
  const cells = h * w;
  const bytes = cells * v.itemSize;
  if (cells <= OVERVIEW_CELLS && bytes <= OVERVIEW_BYTES) return { facts, findings };
  const names = dims.map((d) => v.dimensions[d]?.name ?? `dim ${d}`);
  const factors = suggestedFactors(Math.max(h, w));
  findings.push({
    code: 'no-overviews',
    severity: NO_OVERVIEWS_SEVERITY,
    path: v.path,
    message: `A ${names.join(' × ')} slice is ${count(h)} × ${count(w)} cells${v.itemSize ? ` (${formatBytes(bytes)})` : ''} and has no coarser levels: showing it whole reads all of it.`,
    advice: `Add a pyramid of coarser levels: ndpyramid's pyramid_coarsen(ds, factors=[${factors.join(', ')}], dims=[${names.map((n) => `'${n}'`).join(', ')}]), or OME-NGFF multiscales levels (arrays 0, 1, … each half the size, listed in the group's multiscales).`,
  });
  return { facts, findings };
}

/** `problemFindings`' findings (one per `ds.problems` entry, in order) with malformed pyramids as `pyramid-invalid`. */
export function pyramidProblemFindings(ds: Dataset, findings: readonly Finding[]): Finding[] {
  return findings.map((f, i) =>
    ds.problems[i]?.error instanceof MultiscalesError
      ? {
          ...f,
          code: 'pyramid-invalid',
          severity: 'warning',
          advice:
            'Fix the multiscales attribute: every level path must name an array (or group) of this group, levels of one rank, finest first. Readers that ignore it still read each array.',
        }
      : f,
  );
}
