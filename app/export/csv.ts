/** CSV of a 0-, 1- or 2-D slice (RFC 4180 quoting); masked values are empty cells. */

/** Quotes a field when it holds a comma, quote or line break; neutralises spreadsheet formulas. */
export function csvField(value: string): string {
  let v = value;
  // Only a whole number may start with + or -: "-1+HYPERLINK(…)" is a formula to a spreadsheet.
  if (/^[=+\-@\t\r]/.test(v) && !/^[-+]?((\d+\.?\d*|\.\d+)(e[-+]?\d+)?|Infinity|NaN)$/i.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function cell(
  values: ArrayLike<number | bigint | string | boolean>,
  mask: ArrayLike<number> | null,
  i: number,
): string {
  if (mask && mask[i]) return '';
  const v = values[i];
  if (typeof v === 'number') return Number.isNaN(v) ? '' : String(v);
  return csvField(String(v));
}

export interface CsvInput {
  readonly shape: readonly number[];
  readonly values: ArrayLike<number | bigint | string | boolean>;
  readonly mask?: ArrayLike<number> | null;
  /** Name of the value column (1-D) or of the variable. */
  readonly name: string;
  /** Labels of the rows' dimension (1-D: the only one; 2-D: y) and of the columns' (2-D: x). */
  readonly rowLabels?: readonly string[] | undefined;
  readonly columnLabels?: readonly string[] | undefined;
  readonly rowName?: string | undefined;
}

/**
 * 0-D: one line `name` + value. 1-D: `dim,name` rows. 2-D: a header of x labels, then one row per y with its
 * label first.
 */
export function toCsv(input: CsvInput): string {
  const { shape, values, name } = input;
  const mask = input.mask ?? null;
  const lines: string[] = [];
  if (shape.length === 0) {
    lines.push(csvField(name), cell(values, mask, 0));
  } else if (shape.length === 1) {
    lines.push(`${csvField(input.rowName ?? 'index')},${csvField(name)}`);
    for (let i = 0; i < (shape[0] ?? 0); i++)
      lines.push(`${csvField(input.rowLabels?.[i] ?? String(i))},${cell(values, mask, i)}`);
  } else if (shape.length === 2) {
    const [ny = 0, nx = 0] = shape;
    const head = [
      csvField(input.rowName ?? ''),
      ...Array.from({ length: nx }, (_, j) => csvField(input.columnLabels?.[j] ?? String(j))),
    ];
    lines.push(head.join(','));
    for (let r = 0; r < ny; r++) {
      const row = [csvField(input.rowLabels?.[r] ?? String(r))];
      for (let c = 0; c < nx; c++) row.push(cell(values, mask, r * nx + c));
      lines.push(row.join(','));
    }
  } else {
    throw new Error('CSV export takes a slice of at most 2 dimensions.');
  }
  return `${lines.join('\r\n')}\r\n`;
}
