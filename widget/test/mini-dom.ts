/**
 * A minimal DOM, enough for Preact to render into and for tests to read back (neither jsdom nor
 * happy-dom is installed). Not a browser: the Playwright test covers real rendering, Shadow DOM and CSS.
 */
type Listener = (e: MiniEvent) => void;
export interface MiniEvent {
  type: string;
  target?: MiniNode;
  currentTarget?: MiniNode;
  [k: string]: unknown;
}

export class MiniNode {
  parentNode: MiniElement | null = null;
  childNodes: MiniNode[] = [];
  constructor(
    public nodeType: number,
    public ownerDocument: MiniDocument,
  ) {}
  get firstChild() {
    return this.childNodes[0] ?? null;
  }
  get lastChild() {
    return this.childNodes[this.childNodes.length - 1] ?? null;
  }
  get nextSibling(): MiniNode | null {
    const sibs = this.parentNode?.childNodes;
    if (!sibs) return null;
    return sibs[sibs.indexOf(this) + 1] ?? null;
  }
  get previousSibling(): MiniNode | null {
    const sibs = this.parentNode?.childNodes;
    if (!sibs) return null;
    return sibs[sibs.indexOf(this) - 1] ?? null;
  }
  appendChild<T extends MiniNode>(n: T): T {
    return this.insertBefore(n, null);
  }
  insertBefore<T extends MiniNode>(n: T, ref: MiniNode | null): T {
    n.remove();
    const i = ref ? this.childNodes.indexOf(ref) : -1;
    if (i < 0) this.childNodes.push(n);
    else this.childNodes.splice(i, 0, n);
    n.parentNode = this as unknown as MiniElement;
    return n;
  }
  removeChild<T extends MiniNode>(n: T): T {
    const i = this.childNodes.indexOf(n);
    if (i >= 0) this.childNodes.splice(i, 1);
    n.parentNode = null;
    return n;
  }
  remove() {
    this.parentNode?.removeChild(this);
  }
  get textContent(): string {
    return this.childNodes.map((c) => c.textContent).join("");
  }
  set textContent(v: string) {
    for (const c of [...this.childNodes]) this.removeChild(c);
    if (v) this.appendChild(this.ownerDocument.createTextNode(v));
  }
  contains(n: MiniNode | null): boolean {
    for (let x: MiniNode | null = n; x; x = x.parentNode) if (x === this) return true;
    return false;
  }
}

export class MiniText extends MiniNode {
  constructor(
    public data: string,
    doc: MiniDocument,
  ) {
    super(3, doc);
  }
  get nodeValue() {
    return this.data;
  }
  override get textContent() {
    return this.data;
  }
  override set textContent(v: string) {
    this.data = v;
  }
}

class MiniStyle {
  props = new Map<string, string>();
  setProperty(k: string, v: string) {
    this.props.set(k, String(v));
  }
  removeProperty(k: string) {
    this.props.delete(k);
  }
  getPropertyValue(k: string) {
    return this.props.get(k) ?? "";
  }
  get cssText() {
    return [...this.props].map(([k, v]) => `${k}: ${v}`).join("; ");
  }
  set cssText(v: string) {
    this.props.clear();
    for (const decl of v.split(";")) {
      const [k, ...rest] = decl.split(":");
      if (k?.trim()) this.props.set(k.trim(), rest.join(":").trim());
    }
  }
}

export class MiniElement extends MiniNode {
  attributes = new Map<string, string>();
  style = new MiniStyle();
  listeners = new Map<string, Set<Listener>>();
  localName: string;
  constructor(
    tag: string,
    doc: MiniDocument,
    public namespaceURI: string | null = "http://www.w3.org/1999/xhtml",
  ) {
    super(1, doc);
    this.localName = tag.toLowerCase();
  }
  get nodeName() {
    return this.localName.toUpperCase();
  }
  get tagName() {
    return this.nodeName;
  }
  get className() {
    return this.getAttribute("class") ?? "";
  }
  set className(v: string) {
    this.setAttribute("class", v);
  }
  setAttribute(k: string, v: unknown) {
    this.attributes.set(k, String(v));
  }
  getAttribute(k: string) {
    return this.attributes.get(k) ?? null;
  }
  hasAttribute(k: string) {
    return this.attributes.has(k);
  }
  removeAttribute(k: string) {
    this.attributes.delete(k);
  }
  addEventListener(type: string, l: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(l);
  }
  removeEventListener(type: string, l: Listener) {
    this.listeners.get(type)?.delete(l);
  }
  dispatchEvent(e: MiniEvent) {
    e.target ??= this;
    for (const l of this.listeners.get(e.type) ?? []) l.call(this, { ...e, currentTarget: this });
    return true;
  }
  get children(): MiniElement[] {
    return this.childNodes.filter((c): c is MiniElement => c instanceof MiniElement);
  }
  /** Elements below this one (depth first) matching a predicate. */
  findAll(pred: (e: MiniElement) => boolean): MiniElement[] {
    const out: MiniElement[] = [];
    const walk = (n: MiniNode) => {
      for (const c of n.childNodes)
        if (c instanceof MiniElement) {
          if (pred(c)) out.push(c);
          walk(c);
        }
    };
    walk(this);
    return out;
  }
  /** Tag name, optionally `tag.class` (one class), or `.class`. */
  all(selector: string): MiniElement[] {
    const [tag, cls] = selector.split(".");
    return this.findAll(
      (e) =>
        (!tag || e.localName === tag) &&
        (!cls || (e.getAttribute("class") ?? "").split(/\s+/).includes(cls)),
    );
  }
  one(selector: string): MiniElement | null {
    return this.all(selector)[0] ?? null;
  }
}

export class MiniDocument extends MiniNode {
  body: MiniElement;
  constructor() {
    super(9, null as unknown as MiniDocument);
    this.ownerDocument = this;
    this.body = new MiniElement("body", this);
  }
  createElement(tag: string) {
    return new MiniElement(tag, this);
  }
  createElementNS(ns: string | null, tag: string) {
    return new MiniElement(tag, this, ns);
  }
  createTextNode(data: string) {
    return new MiniText(String(data), this);
  }
  createComment(data: string) {
    const c = new MiniText(String(data), this);
    c.nodeType = 8;
    return c;
  }
}

/** Installs a fresh document as the global `document` and returns a container in its body. */
export function installDocument(): { document: MiniDocument; container: MiniElement } {
  const document = new MiniDocument();
  (globalThis as unknown as { document: MiniDocument }).document = document;
  const container = document.createElement("div");
  document.body.appendChild(container);
  return { document, container };
}
