/** Test helper: collects what the CLI writes to stdout and stderr (restore with `vi.restoreAllMocks()`). */
import { vi } from 'vitest';

export function capture(): { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => (err.push(String(s)), true));
  return { out, err };
}
