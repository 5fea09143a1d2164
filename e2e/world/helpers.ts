/** Shared steps of the e2e/world specs: problems, plots, and a dev server started as `npm start` starts it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { ROOT, selectPath } from '../ui/helpers';

/** Asserts that the sidebar lists no problem and that no group shows one. */
export async function expectNoProblems(page: Page): Promise<void> {
  await expect(page.getByRole('tree')).toBeVisible();
  const panel = page.getByTestId('problems');
  if (await panel.count()) throw new Error(`problems listed: ${await panel.textContent()}`);
  await expect(page.getByText(/could not be read/)).toHaveCount(0);
}

/** Selects a variable by path and waits until its default plot (heatmap for 2-D and more, line for 1-D) is drawn. */
export async function expectPlots(page: Page, path: string, rank: number): Promise<void> {
  await selectPath(page, path);
  const plot = page.getByTestId(rank >= 2 ? 'heatmap' : 'line-plot');
  await expect(plot, `${path} plots`).toHaveAttribute('data-rendered', /^[1-9]\d*$/, { timeout: 30_000 });
  await expect(page.getByTestId('display').getByTestId('error')).toHaveCount(0);
}

export interface DevServer {
  readonly url: string;
  readonly output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts `npm start` (vite dev) as a new user does, with `BROWSER=none` so that its `--open` launches no browser,
 * on `port`; resolves once the server answers.
 */
export async function startNpmStart(port: number, timeoutMs = 60_000): Promise<DevServer> {
  let out = '';
  const child: ChildProcess = spawn('npm', ['start', '--', '--port', String(port), '--strictPort'], {
    cwd: ROOT,
    env: { ...process.env, BROWSER: 'none' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid, 'SIGTERM'); // the npm process group: npm, vite
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${out}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, output: () => out, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm start did not answer at ${url} within ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
