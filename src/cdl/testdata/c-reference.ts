/**
 * A C reference program for the number-printing tests: compiled once per test file with the first C compiler found
 * into a temporary folder (removed after the file's tests), then run with arguments and stdin bytes.
 * Without a compiler the tests skip, except under CI, where the comparison must run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface CReference {
  /** Why the reference could not be built; undefined when it was. */
  readonly unavailable: string | undefined;
  /** The program's output lines for `args` with `input` on stdin (the last, empty line dropped). */
  run(args: readonly string[], input: Uint8Array): string[];
}

/** Compiles `testdata/<name>.c`. */
export function compileCReference(name: string): CReference {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const exe = path.join(dir, name);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const errors: string[] = [];
  let unavailable: string | undefined = `no C compiler could build testdata/${name}.c`;
  for (const cc of [process.env.CC, 'cc', 'gcc', 'clang'].filter((c): c is string => !!c)) {
    const r = spawnSync(cc, ['-O2', '-o', exe, path.join(here, `${name}.c`)], { encoding: 'utf8' });
    if (r.status === 0) {
      unavailable = undefined;
      break;
    }
    errors.push(`${cc}: ${r.error?.message ?? r.stderr}`);
  }
  if (unavailable) unavailable += ` (${errors.join('; ')})`;
  if (unavailable && process.env.CI) throw new Error(unavailable);
  return {
    unavailable,
    run(args, input) {
      const r = spawnSync(exe, args, { input, maxBuffer: 1 << 30 });
      if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr.toString()}`);
      const lines = r.stdout.toString('latin1').split('\n');
      lines.pop();
      return lines;
    },
  };
}
