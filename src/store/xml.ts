/**
 * A minimal XML reader for S3 responses, by local tag name (AWS's namespace and s3rver's both work). Uses
 * DOMParser where available; elsewhere a small tokenizer that ignores DOCTYPEs (no entity expansion).
 */

export interface XmlElement {
  /** Local name (prefix and namespace dropped). */
  readonly name: string;
  readonly children: XmlElement[];
  /** Concatenated text directly inside this element. */
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : ENTITIES[e]!,
  );
}

function localName(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
}

const TOKEN =
  /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^>[]|\[[\s\S]*?\])*>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|([^<]+)/g;

/** Parses with the tokenizer (exported for tests). Throws on unbalanced tags. */
export function parseXmlTokens(text: string): XmlElement {
  const root: XmlElement = { name: '#document', children: [], text: '' };
  const stack: XmlElement[] = [root];
  for (const m of text.matchAll(TOKEN)) {
    const top = stack[stack.length - 1]!;
    if (m[1] !== undefined) top.text += m[1];
    else if (m[6] !== undefined) top.text += decodeEntities(m[6]);
    else if (m[3] !== undefined) {
      const name = localName(m[3]);
      if (m[2] === '/') {
        if (top.name !== name || stack.length === 1) throw new Error(`Malformed XML: unexpected </${m[3]}>`);
        stack.pop();
      } else {
        const el: XmlElement = { name, children: [], text: '' };
        top.children.push(el);
        if (m[5] !== '/') stack.push(el);
      }
    }
  }
  if (stack.length !== 1) throw new Error('Malformed XML: unclosed element');
  return root;
}

interface DomLike {
  localName: string;
  childNodes: ArrayLike<DomLike>;
  nodeType: number;
  nodeValue: string | null;
}

function fromDom(node: DomLike): XmlElement {
  const el: XmlElement = { name: node.localName ?? '#document', children: [], text: '' };
  for (let i = 0; i < node.childNodes.length; i++) {
    const c = node.childNodes[i]!;
    if (c.nodeType === 1) el.children.push(fromDom(c));
    else if (c.nodeType === 3 || c.nodeType === 4) el.text += c.nodeValue ?? '';
  }
  return el;
}

/** Parses XML text into elements by local name. */
export function parseXml(text: string): XmlElement {
  const Parser = (globalThis as { DOMParser?: new () => { parseFromString(s: string, t: string): unknown } }).DOMParser;
  if (Parser) {
    const doc = new Parser().parseFromString(text, 'application/xml') as DomLike & {
      getElementsByTagName(n: string): ArrayLike<unknown>;
    };
    if (doc.getElementsByTagName('parsererror').length > 0) throw new Error('Malformed XML');
    return { ...fromDom(doc), name: '#document' };
  }
  return parseXmlTokens(text);
}

/** The first descendant-or-self element named `name` (depth first). */
export function findFirst(el: XmlElement, name: string): XmlElement | undefined {
  if (el.name === name) return el;
  for (const c of el.children) {
    const f = findFirst(c, name);
    if (f) return f;
  }
  return undefined;
}

/** Direct children named `name`. */
export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

/** Text of the direct child `name`, if present. */
export function childText(el: XmlElement, name: string): string | undefined {
  return el.children.find((c) => c.name === name)?.text;
}
