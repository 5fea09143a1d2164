/** CDL escaping of names and strings, as ncdump writes them. */

const NAME_SPECIAL = new Set([...' !"#$&\'()*,:;<=>?[\\]^`{|}~']);

/**
 * A CDL name as ncdump's escaped_name writes it: special characters and a leading digit get a backslash, ASCII
 * control characters become `\%xx` (two hex digits), `/` stays (it separates the segments of a full name).
 */
export function cdlName(name: string): string {
  let out = '';
  for (const [i, ch] of [...name].entries()) {
    const code = ch.codePointAt(0) ?? 0;
    if (NAME_SPECIAL.has(ch) || (i === 0 && ch >= '0' && ch <= '9')) out += `\\${ch}`;
    else if (code < 0x20 || code === 0x7f) out += `\\%${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out;
}

const ESC: Record<string, string> = {
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '\\': '\\\\',
  "'": "\\'",
  '"': '\\"',
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

const octal = (code: number) => `\\${code.toString(8).padStart(3, '0')}`;

/**
 * The inside of a char data literal from bytes (a string of char codes 0–255), as ncdump's pr_tvals writes it:
 * the escapes above, printable ASCII as it is, every other byte — NUL, controls, and each byte of a multi-byte
 * UTF-8 sequence — in octal (`\000`, `\316\232`). Bytes are never decoded as text.
 */
export function cdlCharData(bytes: string): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const ch = bytes[i] as string;
    const code = bytes.charCodeAt(i);
    const e = ESC[ch];
    if (e !== undefined) out += e;
    else out += code >= 0x20 && code < 0x7f ? ch : octal(code);
  }
  return out;
}
