/** Pieces the Map's cartopy snippets take from the view's xarray snippet and the model's paths. */

/** A variable's name as `ds[…]` reaches it from the data variable's group (xarray opens that group). */
export function relativeName(variablePath: string, path: string): string {
  const group = variablePath.slice(0, variablePath.lastIndexOf('/') + 1);
  return path.startsWith(group) ? path.slice(group.length) : (path.split('/').filter(Boolean).pop() ?? path);
}

/** The xarray snippet's imports (before its first blank line) and its open and selection (up to `da = …`). */
export function xarrayParts(xarray: string): { head: string[]; body: string[] } | null {
  const lines = xarray.split('\n');
  const da = lines.findIndex((l) => l.startsWith('da = '));
  if (da < 0) return null;
  const firstBlank = lines.indexOf('');
  const cut = firstBlank < 0 ? 0 : firstBlank;
  return { head: lines.slice(0, cut), body: lines.slice(cut, da + 1) };
}
