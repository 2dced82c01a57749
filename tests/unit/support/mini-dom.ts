// A small stand-in for the DOM, for running the pages' inline pre-paint scripts in a sandbox: the few element methods
// they use, a serializer, and a parser for React's own server markup (well-formed, attributes in double quotes).

const VOID = new Set(['input', 'br', 'img', 'hr', 'meta', 'link']);
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const unescape = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

export class Text {
  readonly nodeType = 3;
  parent: El | null = null;
  constructor(public data: string) {}
}
export class Comment {
  readonly nodeType = 8;
  parent: El | null = null;
  constructor(public data: string) {}
}
type Node = El | Text | Comment;

export class El {
  readonly nodeType = 1;
  parent: El | null = null;
  childNodes: Node[] = [];
  attrs = new Map<string, string>();
  content?: El;
  connected = false;
  constructor(public tag: string) {}
  /** Only what the script sets: the width, written to the style attribute as React writes it. */
  get style() {
    const attrs = this.attrs;
    return {
      set width(v: string) {
        attrs.set('style', `width:${v}`);
      },
    };
  }
  get attributes() {
    return [...this.attrs].map(([name, value]) => ({ name, value }));
  }
  getAttribute(n: string) {
    return this.attrs.get(n) ?? null;
  }
  setAttribute(n: string, v: string) {
    this.attrs.set(n, String(v));
  }
  removeAttribute(n: string) {
    this.attrs.delete(n);
  }
  hasAttribute(n: string) {
    return this.attrs.has(n);
  }
  get children(): El[] {
    return this.childNodes.filter((n): n is El => n instanceof El);
  }
  get firstElementChild() {
    return this.children[0] ?? null;
  }
  get nextElementSibling() {
    const sibs = this.parent?.children ?? [];
    return sibs[sibs.indexOf(this) + 1] ?? null;
  }
  get parentElement() {
    return this.parent;
  }
  get isConnected(): boolean {
    return this.connected || (this.parent?.isConnected ?? false);
  }
  set textContent(v: string) {
    const t = new Text(String(v));
    t.parent = this;
    this.childNodes = [t];
  }
  append(...nodes: El[]) {
    for (const n of nodes) {
      n.parent = this;
      this.childNodes.push(n);
    }
  }
  get firstChild(): Node | null {
    return this.childNodes[0] ?? null;
  }
  replaceWith(other: El) {
    const at = this.parent!.childNodes.indexOf(this);
    other.parent = this.parent;
    this.parent!.childNodes[at] = other;
    this.parent = null;
  }
  remove() {
    if (this.parent) this.parent.childNodes = this.parent.childNodes.filter((n) => n !== this);
    this.parent = null;
  }
  closest(sel: string): El | null {
    return this.matches(sel) ? this : (this.parent?.closest(sel) ?? null);
  }
  cloneNode(): El {
    const c = new El(this.tag);
    c.attrs = new Map(this.attrs);
    for (const n of this.childNodes) {
      const k = n instanceof El ? n.cloneNode() : n instanceof Text ? new Text(n.data) : new Comment(n.data);
      k.parent = c;
      c.childNodes.push(k);
    }
    return c;
  }
  descendants(): El[] {
    return this.children.flatMap((c) => [c, ...c.descendants(), ...(c.content ? c.content.descendants() : [])]);
  }
  /** The selectors the script uses: tag, [attr], [attr=value], [attr="value"], tag[attr="value"], and *. */
  matches(sel: string): boolean {
    if (sel === '*') return true;
    if (sel.startsWith('#')) return this.attrs.get('id') === sel.slice(1);
    const m = /^([a-z0-9-]*)(?:\[([a-z-]+)(?:=(?:"([^"]*)"|([^\]]*)))?\])?$/.exec(sel);
    if (!m) throw new Error(`selector not supported: ${sel}`);
    const [, tag, attr, quoted, bare] = m;
    if (tag && this.tag !== tag) return false;
    if (attr && !this.attrs.has(attr)) return false;
    const value = quoted ?? bare;
    return value === undefined || this.attrs.get(attr!) === value;
  }
  querySelectorAll(sel: string): El[] {
    // Like the DOM: a template's content is not searched from outside it.
    const walk = (e: El): El[] => e.children.flatMap((c) => [c, ...walk(c)]);
    return walk(this).filter((e) => e.matches(sel));
  }
  querySelector(sel: string): El | null {
    return this.querySelectorAll(sel)[0] ?? null;
  }
  serialize(): string {
    return this.childNodes.map(serializeNode).join('');
  }
}

export function serializeNode(n: Node): string {
  if (n instanceof Text) return escapeText(n.data);
  if (n instanceof Comment) return `<!--${n.data}-->`;
  const attrs = [...n.attrs].map(([k, v]) => ` ${k}="${escapeText(v)}"`).join('');
  if (VOID.has(n.tag)) return `<${n.tag}${attrs}/>`;
  return `<${n.tag}${attrs}>${n.serialize()}${n.content ? n.content.serialize() : ''}</${n.tag}>`;
}

/** Parses React's server markup (well-formed, attributes in double quotes) into `parent`. */
export function parseInto(parent: El, html: string): El {
  const re = /<!--([\s\S]*?)-->|<\/([a-z0-9-]+)>|<([a-z0-9-]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*(\/?)>|([^<]+)/gi;
  let at = parent;
  for (const m of html.matchAll(re)) {
    if (m[1] !== undefined) at.childNodes.push(Object.assign(new Comment(m[1]), { parent: at }));
    else if (m[2]) at = at.parent!;
    else if (m[3]) {
      const el = new El(m[3].toLowerCase());
      for (const a of (m[4] ?? '').matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) el.attrs.set(a[1]!, unescape(a[2] ?? ''));
      at.append(el);
      if (!m[5] && !VOID.has(el.tag)) at = el;
    } else if (m[6]) at.childNodes.push(Object.assign(new Text(unescape(m[6])), { parent: at }));
  }
  return parent;
}

