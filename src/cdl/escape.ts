/** CDL escaping of names and strings, as ncdump writes them. */

const NAME_SPECIAL = new Set([...' !"#$&\'()*,:;<=>?[\\]^`{|}~/']);

/** A CDL name: special characters and a leading digit get a backslash. */
export function cdlName(name: string): string {
  let out = '';
  for (const [i, ch] of [...name].entries()) {
    const code = ch.codePointAt(0) ?? 0;
    if (NAME_SPECIAL.has(ch) || (i === 0 && ch >= '0' && ch <= '9')) out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return out;
}

const ESC: Record<string, string> = {
  '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '\\': '\\\\', "'": "\\'", '"': '\\"',
  '\0': '\\0',
};

/** The inside of a CDL string literal (without quotes). */
export function cdlString(s: string): string {
  let out = '';
  for (const ch of s) {
    const e = ESC[ch];
    if (e !== undefined) out += e;
    else {
      const code = ch.codePointAt(0) ?? 0;
      out += code < 0x20 || code === 0x7f ? `\\${code.toString(8).padStart(3, '0')}` : ch;
    }
  }
  return out;
}
