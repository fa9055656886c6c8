import { SaxesParser } from 'saxes';

/** A namespace-free element tree: the ABR payloads are small (one entity or one list). */
export type XmlElement = { name: string; text: string; children: XmlElement[] };

/** Parses a whole document with saxes; element names are local names (the ABR namespace is implied). Throws on malformed XML. */
export function parseXml(body: string): XmlElement {
  const document: XmlElement = { name: '#document', text: '', children: [] };
  const stack: XmlElement[] = [document];
  const top = (): XmlElement => stack[stack.length - 1] ?? document;
  const parser = new SaxesParser({ xmlns: true, position: false });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.local, text: '', children: [] };
    top().children.push(element);
    stack.push(element);
  });
  parser.on('text', (text) => {
    top().text += text;
  });
  parser.on('cdata', (text) => {
    top().text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(body).close();
  return document;
}

export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((c) => c.name === name) : [];
}

export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Text of the named child, trimmed; '' when absent. */
export function childText(element: XmlElement | undefined, name: string): string {
  return child(element, name)?.text.trim() ?? '';
}

/** First element with this name anywhere below `element` (depth-first), e.g. the payload inside a SOAP envelope. */
export function descendant(element: XmlElement, name: string): XmlElement | undefined {
  for (const c of element.children) {
    if (c.name === name) return c;
    const found = descendant(c, name);
    if (found) return found;
  }
  return undefined;
}
