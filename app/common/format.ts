/** Small display helpers. */

/** `1.5 MB`, `12 KB`, `300 B`. */
export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

/** `4 × 73 × 144`, or `scalar`. */
export function formatShape(shape: readonly number[]): string {
  return shape.length ? shape.join(' × ') : 'scalar';
}

/** Whether a text is a safe link target (http or https only). */
export function isHttpUrl(text: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(text.trim());
}

/** Saves bytes or text as a download. */
export function download(name: string, data: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file-name-safe form of a variable path. */
export function fileStem(path: string): string {
  return path.replace(/^\/+/, '').replace(/[^A-Za-z0-9._-]+/g, '_') || 'slice';
}
