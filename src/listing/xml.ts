/**
 * A bounded XML reader for catalogs (THREDDS) and S3 listings: elements by local name (any namespace prefix
 * dropped), their attributes (also by local name: `xlink:href` is `href`) and their text. It never expands an
 * entity other than XML's five and character references, never reads a DOCTYPE's internal subset (so no
 * "billion laughs", no external entities), and refuses input over `maxBytes`, deeper than `maxDepth` or with more
 * than `maxElements` elements. No DOM: the same code runs in a browser, a worker and Node.
 *
 * @example
 * parseXmlBounded('<c:catalog xmlns:c="…"><c:dataset name="a"/></c:catalog>').children[0].attrs.name; // 'a'
 */

export interface XmlNode {
  /** Local name (namespace prefix dropped). */
  readonly name: string;
  /** Attributes by local name (`xlink:href` → `href`); `xmlns` declarations are left out. */
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlNode[];
  /** The text directly inside this element (entities decoded). */
  text: string;
}

export interface XmlLimits {
  /** Characters of input (default 64 Mi). */
  readonly maxBytes?: number | undefined;
  /** Element nesting (default 64). */
  readonly maxDepth?: number | undefined;
  /** Elements in the document (default 2,000,000). */
  readonly maxElements?: number | undefined;
}

/** The document is not XML this reader accepts (malformed or over a bound). */
export class XmlLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlLimitError';
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's predefined entities and character references; any other `&name;` stays as written. */
export function decodeXmlText(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g, (whole, e: string) => {
    if (e[0] !== '#') return PREDEFINED[e]!;
    const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function localName(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
}

const ATTR = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function parseAttrs(text: string): Record<string, string> {
  const attrs: Record<string, string> = Object.create(null) as Record<string, string>;
  if (!text) return attrs;
  for (const m of text.matchAll(ATTR)) {
    const q = m[1]!;
    if (q === 'xmlns' || q.startsWith('xmlns:')) continue;
    const name = localName(q);
    if (!(name in attrs)) attrs[name] = decodeXmlText(m[2] ?? m[3] ?? '');
  }
  return attrs;
}

const MAX_TAG = 16 * 1024;
const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/y;

type TagMatch = readonly [whole: string, slash: string, qname: string, attrs: string, selfClosing: string];

const NAME = /^[A-Za-z_][\w.:-]*$/;

/**
 * A tag without quotes (`<Key>`, `</Key>`, `<a b=c/>` aside: most tags of a listing) read without the tag pattern:
 * up to the next `>`, when no quote nor `<` comes first. Null where the pattern must read it.
 */
function plainTag(text: string, lt: number): TagMatch | null {
  const gt = text.indexOf('>', lt + 1);
  if (gt < 0 || gt - lt > MAX_TAG) return null;
  const inner = text.slice(lt + 1, gt);
  if (/["'<]/.test(inner)) return null;
  const slash = inner.startsWith('/') ? '/' : '';
  const self = !slash && inner.endsWith('/') ? '/' : '';
  const body = inner.slice(slash.length, inner.length - self.length);
  const space = body.search(/\s/);
  const qname = space < 0 ? body : body.slice(0, space);
  const attrs = space < 0 ? '' : body.slice(space);
  if (!NAME.test(qname) || (slash && attrs.trim() !== '') || (attrs.trim() !== '' && !/=/.test(attrs))) return null;
  return [text.slice(lt, gt + 1), slash, qname, attrs, self];
}

/** A tag read by the tag pattern from a window of `MAX_TAG` characters (see `parseXmlBounded`). */
function windowTag(text: string, lt: number): TagMatch | null {
  TAG.lastIndex = 0;
  const m = TAG.exec(text.slice(lt, lt + MAX_TAG));
  return m ? [m[0], m[1] ?? '', m[2] ?? '', m[3] ?? '', m[4] ?? ''] : null;
}

/** Where the construct opened at `at` by `open` ends (after `close`); throws when it never does. */
function skipTo(text: string, at: number, close: string): number {
  const end = text.indexOf(close, at);
  if (end < 0) throw new XmlLimitError('Malformed XML: a comment, CDATA section or declaration is not closed.');
  return end + close.length;
}

/**
 * Parses `text`; throws `XmlLimitError` when it is malformed or over a bound. The root is `#document`. A scanner
 * over `<`: CDATA, comments, processing instructions, a DOCTYPE (its internal subset skipped, never read), tags
 * and text between them.
 */
export function parseXmlBounded(text: string, limits: XmlLimits = {}): XmlNode {
  const maxBytes = limits.maxBytes ?? 64 * 1024 * 1024;
  const maxDepth = limits.maxDepth ?? 64;
  const maxElements = limits.maxElements ?? 2_000_000;
  if (text.length > maxBytes) throw new XmlLimitError(`The document is over ${maxBytes} characters.`);
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  let top = root;
  let elements = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i && stack.length > 1) top.text += decodeXmlText(text.slice(i, textEnd));
    if (lt < 0) break;
    if (text.startsWith('<![CDATA[', lt)) {
      const end = skipTo(text, lt + 9, ']]>');
      top.text += text.slice(lt + 9, end - 3);
      i = end;
    } else if (text.startsWith('<!--', lt)) i = skipTo(text, lt + 4, '-->');
    else if (text.startsWith('<?', lt)) i = skipTo(text, lt + 2, '?>');
    else if (text.startsWith('<!', lt)) {
      // DOCTYPE and the like: skip an internal subset [ … ] without reading it, then up to the closing >.
      const bracket = text.indexOf('[', lt);
      const gt = text.indexOf('>', lt);
      if (gt < 0) throw new XmlLimitError('Malformed XML: a declaration is not closed.');
      i = bracket >= 0 && bracket < gt ? skipTo(text, skipTo(text, bracket, ']'), '>') : gt + 1;
    } else {
      // A tag is read from a window of MAX_TAG characters: the tag pattern backtracks over unclosed quotes, and
      // over a whole hostile document that is quadratic.
      const m = plainTag(text, lt) ?? windowTag(text, lt);
      if (!m) throw new XmlLimitError(`Malformed XML: a "<" that starts no tag (of at most ${MAX_TAG} characters).`);
      i = lt + m[0].length;
      const name = localName(m[2]);
      if (m[1] === '/') {
        if (stack.length === 1 || top.name !== name) throw new XmlLimitError(`Malformed XML: unexpected </${m[2]}>.`);
        stack.pop();
        top = stack[stack.length - 1]!;
      } else {
        if (++elements > maxElements) throw new XmlLimitError(`The document has over ${maxElements} elements.`);
        const el: XmlNode = { name, attrs: parseAttrs(m[3]), children: [], text: '' };
        top.children.push(el);
        if (m[4] !== '/') {
          if (stack.length > maxDepth) throw new XmlLimitError(`The document nests deeper than ${maxDepth}.`);
          stack.push(el);
          top = el;
        }
      }
    }
  }
  if (stack.length !== 1) throw new XmlLimitError('Malformed XML: an element is not closed.');
  return root;
}

/** Direct children named `name`. */
export function childrenOf(el: XmlNode, name: string): XmlNode[] {
  return el.children.filter((c) => c.name === name);
}

/** The first direct child named `name`. */
export function childOf(el: XmlNode, name: string): XmlNode | undefined {
  return el.children.find((c) => c.name === name);
}

/** The first element of the document (the root element), if any. */
export function rootElement(doc: XmlNode): XmlNode | undefined {
  return doc.children[0];
}
