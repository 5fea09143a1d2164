/** The report as plain text, for `zarrview report`. */
import type { DatasetReport, Finding } from './types';

const TAG: Record<Finding['severity'], string> = { error: 'ERROR', warning: 'WARNING', info: 'info' };

function findingLines(f: Finding, indent: string): string[] {
  return [`${indent}${TAG[f.severity]} [${f.code}] ${f.message}`, `${indent}  → ${f.advice}`];
}

export function formatReport(r: DatasetReport): string {
  const lines = [`Report for ${r.name}`, ''];
  const width = Math.max(...r.facts.map((f) => f.label.length), 10);
  for (const f of r.facts) lines.push(`  ${f.label.padEnd(width)}  ${f.value}`);
  for (const f of r.findings) lines.push(...findingLines(f, '  '));
  for (const v of r.variables) {
    lines.push('', `${v.path}`);
    const w = Math.max(...v.facts.map((f) => f.label.length), 10);
    for (const f of v.facts) lines.push(`  ${f.label.padEnd(w)}  ${f.value}`);
    for (const f of v.findings) lines.push(...findingLines(f, '  '));
  }
  const c = r.counts;
  lines.push(
    '',
    `${c.error} error${c.error === 1 ? '' : 's'}, ${c.warning} warning${c.warning === 1 ? '' : 's'}, ${c.info} note${c.info === 1 ? '' : 's'}`,
  );
  return `${lines.join('\n')}\n`;
}
