/**
 * Animation export of Play: ten steps of fixtures/plot/time-spans.zarr `field` written as WebM (WebCodecs VP8,
 * webm-muxer) and as an animated GIF, decoded by Debian's ffprobe/ffmpeg: ten frames of the size asked, each with
 * its step's date burnt in (the label box differs from step to step, the plot under it does too).
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { STATIC_URL } from '../harness/ports';
import { openUrl, selectPath } from '../ui/helpers';

const URL = `${STATIC_URL}/fixtures/plot/time-spans.zarr#mode=zarr`;

function probe(file: string): { frames: number; width: number; height: number } {
  const out = execFileSync('ffprobe', [
    ...['-v', 'error', '-count_frames', '-select_streams', 'v:0'],
    ...['-show_entries', 'stream=nb_read_frames,width,height', '-of', 'json', file],
  ]).toString();
  const s = (JSON.parse(out) as { streams: { nb_read_frames: string; width: number; height: number }[] }).streams[0]!;
  return { frames: Number(s.nb_read_frames), width: s.width, height: s.height };
}

/** Every frame's RGB pixels, decoded by ffmpeg. */
function frames(file: string, width: number, height: number): Buffer[] {
  const raw = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    maxBuffer: 1 << 28,
  });
  const size = width * height * 3;
  return Array.from({ length: raw.length / size }, (_, k) => raw.subarray(k * size, (k + 1) * size));
}

/** Pixels of a box that differ clearly (by more than 60 in a channel) between two frames. */
function diff(a: Buffer, b: Buffer, width: number, box: [number, number, number, number]): number {
  let n = 0;
  for (let y = box[1]; y < box[3]; y++)
    for (let x = box[0]; x < box[2]; x++) {
      const i = (y * width + x) * 3;
      if ([0, 1, 2].some((c) => Math.abs(a[i + c]! - b[i + c]!) > 60)) n++;
    }
  return n;
}

/** Pixels of a box darker than 80 in every channel (text on the light label box). */
function dark(a: Buffer, width: number, box: [number, number, number, number]): number {
  let n = 0;
  for (let y = box[1]; y < box[3]; y++)
    for (let x = box[0]; x < box[2]; x++) {
      const i = (y * width + x) * 3;
      if (a[i]! < 80 && a[i + 1]! < 80 && a[i + 2]! < 80) n++;
    }
  return n;
}

async function record(page: Page, format: 'webm' | 'gif'): Promise<string> {
  const [dl] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByTestId(`export-${format}`).click(),
  ]);
  await expect(page.getByTestId('animation-status')).toHaveText('10 frames written.');
  return (await dl.path())!;
}

test('a WebM and a GIF of a 10-step Play have 10 frames with the step labels in them', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/');
  await openUrl(page, URL);
  await selectPath(page, '/field');
  await page.getByTestId('view-heatmap').click();
  await expect(page.getByTestId('heatmap').first()).toHaveAttribute('data-rendered', /\d/);
  await page.getByTestId('export-width').fill('480');
  await page.getByTestId('export-height').fill('300');
  await page.getByTestId('animation-steps').fill('10');
  for (const format of ['webm', 'gif'] as const) {
    const file = await record(page, format);
    const p = probe(file);
    expect(p, format).toEqual({ frames: 10, width: 480, height: 300 });
    const f = frames(file, p.width, p.height);
    expect(f.length, `${format}: decoded frames`).toBe(10);
    // The label box (top left): a different date in each frame; the picture changes too.
    const label: [number, number, number, number] = [8, 8, 330, 30];
    for (let k = 0; k < f.length; k++) {
      expect(dark(f[k]!, p.width, label), `${format}: text in the label of frame ${k}`).toBeGreaterThan(40);
      if (k > 0) expect(diff(f[k - 1]!, f[k]!, p.width, label), `${format}: label of frame ${k}`).toBeGreaterThan(5);
    }
    expect(diff(f[0]!, f[9]!, p.width, [0, 0, p.width, p.height]), `${format}: the pictures`).toBeGreaterThan(100);
  }
});
