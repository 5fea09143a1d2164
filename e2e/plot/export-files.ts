/**
 * The files an export button downloads, and the picture sizes they declare: a PNG's IHDR (device pixels) and an
 * SVG's width and height attributes.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** Clicks the export button of `format` and returns the downloaded file's bytes. */
export async function save(page: Page, format: 'png' | 'svg'): Promise<Buffer> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()]);
  return readFileSync((await dl.path())!);
}

/** A PNG's width and height (its IHDR); fails unless the bytes are a PNG. */
export function pngSize(b: Buffer): [number, number] {
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

/** An SVG document's width and height attributes; fails without an <svg> element. */
export function svgSize(text: string): [number, number] {
  const m = /<svg\b[^>]*>/.exec(text);
  expect(m, 'an <svg> element').not.toBeNull();
  const attr = (n: string) => Number(new RegExp(`\\b${n}="([\\d.]+)`).exec(m![0])?.[1]);
  return [attr('width'), attr('height')];
}
