/** What the dataset report says: facts (what the dataset is) and findings (what to fix), per dataset and variable. */
import type { SourceSummary } from '../store/types';

/** `error`: something is broken for every reader; `warning`: it works but costs or misleads; `info`: worth knowing. */
export type Severity = 'error' | 'warning' | 'info';

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

export interface Finding {
  /** Stable identifier of the check, e.g. `chunk-small` (tests and scripts match on it). */
  readonly code: string;
  readonly severity: Severity;
  /** Model path of the variable or group it concerns (`/` for the dataset). */
  readonly path: string;
  /** What was found, one sentence. */
  readonly message: string;
  /** What to do about it, one line. */
  readonly advice: string;
}

export interface Fact {
  readonly label: string;
  readonly value: string;
}

export interface VariableReport {
  readonly path: string;
  readonly facts: readonly Fact[];
  readonly findings: readonly Finding[];
}

export interface DatasetReport {
  readonly name: string;
  readonly facts: readonly Fact[];
  /** Findings about the dataset as a whole (dialect, consolidation, unreadable objects). */
  readonly findings: readonly Finding[];
  readonly variables: readonly VariableReport[];
  /** Findings of the dataset and every variable, by severity. */
  readonly counts: Readonly<Record<Severity, number>>;
}

/** Reference tables the CF checks use (the standard name table is large: it is loaded on demand). */
export interface ReportTables {
  /** CF standard names with their canonical units, or null when the table is not loaded (the check is skipped). */
  readonly standardNames: StandardNameTable | null;
  /** Where a virtual, versioned or aggregated dataset's bytes come from (`OpenedDataset.sources`), when known. */
  readonly sources?: SourceSummary | null | undefined;
}

export interface StandardNameTable {
  readonly version: string;
  readonly units: ReadonlyMap<string, string>;
  /** Deprecated names → their current name. */
  readonly aliases: ReadonlyMap<string, string>;
}
