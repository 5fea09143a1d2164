/**
 * An index page read as it arrives: `push` text in chunks of any size (an anchor, a row or a title split across two
 * chunks is read as if it came whole), `end` once the body is over; `entries` grows as anchors are read. The scan
 * is the same whatever the chunks: an `<a …>` tag is read once its `>` has come (quotes may hold `>`), its row text
 * once the next anchor or 4096 characters after it have come, so the entries of a page fed in any split are the
 * entries of the page read whole (`parseIndexPage` is this parser fed one chunk).
 *
 * Whether the page is an index is known once a title says so (`Index of …`, `Directory listing for …`); a page
 * without such a title is an index only if it ends with child links and no script, so `isIndex` stays undefined
 * until its end.
 *
 * @example
 * const p = new IndexPageParser('https://h/data/');
 * p.push('<title>Index of /data/</title><a hr'); p.push('ef="a.nc">a.nc</a>\n'); p.end();
 * p.entries // [{ name: 'a.nc', kind: 'netcdf', … }]
 */
import { entryOfAnchor } from './html-index';
import type { Entry } from './types';

/** An anchor tag's attribute text past this many characters without its `>` is not read as an anchor. */
const MAX_TAG = 16_384;
/** The row text read after an anchor (its size and date), at most. */
const BETWEEN = 4096;
/** Text kept from one chunk to the next to find a title or script tag split across them. */
const CARRY = 640;
const START = /<a\s/gi;
const TITLE = /<(title|h1)[^>]{0,256}>\s{0,256}(Index of|Directory listing for|Directory of|Listing of)(?=\W)/i;
const TITLE_END = /<(title|h1)[^>]{0,256}>\s{0,256}(Index of|Directory listing for|Directory of|Listing of)$/i;
const SCRIPT = /<script(?=\W)/i;
const SCRIPT_END = /<script$/i;

/**
 * Where the tag whose attributes are scanned from `from` (outside quotes) ends: `end`, the index of its `>`; -1 when
 * the text so far ends first (`at`: where to go on from, outside quotes); -2 when it is no tag (no `>` outside
 * quotes within `limit`).
 */
function tagEnd(s: string, from: number, limit: number): { end: number; at: number } {
  let i = from;
  while (i < s.length && i < limit) {
    const c = s.charCodeAt(i);
    if (c === 0x3e) return { end: i, at: i }; // >
    if (c === 0x22 || c === 0x27) {
      const close = s.indexOf(c === 0x22 ? '"' : "'", i + 1);
      if (close < 0) return { end: limit <= s.length ? -2 : -1, at: i };
      i = close + 1;
      continue;
    }
    i++;
  }
  return { end: i >= limit ? -2 : -1, at: Math.min(i, limit) };
}

export class IndexPageParser {
  /** The entries read so far, in page order, each name once. */
  readonly entries: Entry[] = [];
  private readonly names = new Set<string>();
  private buf = '';
  /** Where in `buf` the next anchor is looked for. */
  private pos = 0;
  /** The last anchor read, waiting for its row text. */
  private pending: { attrs: string; end: number } | undefined;
  /** Where the scan of a tag cut off by the end of the text so far stopped. */
  private resume: { q: number; at: number } | undefined;
  private carry = '';
  private titled = false;
  private scripted = false;
  private ended = false;

  constructor(private readonly base: string) {}

  /** True once a title says it is an index; false or true at the end; undefined until then. */
  get isIndex(): boolean | undefined {
    if (this.titled) return true;
    if (!this.ended) return undefined;
    return !this.scripted && this.entries.length > 0;
  }

  get done(): boolean {
    return this.ended;
  }

  push(text: string): void {
    if (this.ended || !text) return;
    this.flags(text);
    this.buf += text;
    this.scan(false);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.titled) this.titled = TITLE_END.test(this.carry);
    if (!this.scripted) this.scripted = SCRIPT_END.test(this.carry);
    this.scan(true);
  }

  private flags(text: string): void {
    if (this.titled && this.scripted) return;
    const w = this.carry + text;
    if (!this.titled) this.titled = TITLE.test(w);
    if (!this.scripted) this.scripted = SCRIPT.test(w);
    this.carry = w.slice(-CARRY);
  }

  private scan(final: boolean): void {
    const buf = this.buf;
    for (;;) {
      START.lastIndex = this.pos;
      const m = START.exec(buf);
      if (!m) {
        this.pos = final ? buf.length : Math.max(this.pos, buf.length - 2);
        break;
      }
      const q = m.index;
      // A tag that was cut off goes on from where its scan stopped (a long tag trickled in is scanned once).
      const from = this.resume?.q === q ? this.resume.at : q + m[0].length;
      const { end, at } = tagEnd(buf, from, q + MAX_TAG);
      this.resume = undefined;
      if (end === -1 && !final) {
        this.pos = q;
        this.resume = { q, at };
        break;
      }
      if (end < 0) {
        this.pos = q + 1;
        continue;
      }
      this.settle(q);
      this.pending = { attrs: buf.slice(q + m[0].length, end), end: end + 1 };
      this.pos = end + 1;
    }
    // No anchor starts before `pos` after the pending one: its row text is known once `pos` is far enough.
    if (this.pending && (final || this.pos >= this.pending.end + BETWEEN)) this.settle(buf.length);
    const keep = Math.min(this.pending?.end ?? this.pos, this.pos);
    if (keep > 65_536 || final) {
      this.buf = buf.slice(keep);
      this.pos -= keep;
      if (this.resume) this.resume = { q: this.resume.q - keep, at: this.resume.at - keep };
      if (this.pending) this.pending = { ...this.pending, end: this.pending.end - keep };
    }
  }

  /** Reads the pending anchor with its row text up to `next` (the next anchor's start). */
  private settle(next: number): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    const between = this.buf.slice(p.end, Math.min(next, p.end + BETWEEN));
    const entry = entryOfAnchor(p.attrs, between, this.base);
    if (!entry || this.names.has(entry.name)) return;
    this.names.add(entry.name);
    this.entries.push(entry);
  }
}

/**
 * The entries of an index page of folder `base`; undefined when the page is not an index (neither titled as one
 * nor a script-free page of child links).
 */
export function parseIndexPage(html: string, base: string): Entry[] | undefined {
  const p = new IndexPageParser(base);
  p.push(html);
  p.end();
  return p.isIndex ? p.entries : undefined;
}
