import { normalizeName, recordElements } from './synonyms.ts';
import type { XmlNode } from './readXml.ts';

/** A competitor element: named as one, and holding something (a leaf of that name is a value). */
export const isRecord = (node: XmlNode) =>
  recordElements.includes(normalizeName(node.name)) &&
  (node.attributes.size > 0 || node.children.length > 0);

const isLeaf = (node: XmlNode) => node.children.length === 0 && node.attributes.size === 0;

const orNull = (text: string | undefined) => (text === undefined || text === '' ? null : text);

/**
 * The first of `names` (in their order of preference) that the element carries, as an
 * attribute or as a child element holding only text.
 */
export function valueOf(node: XmlNode, names: readonly string[]): string | null {
  for (const name of names) {
    for (const [attribute, value] of node.attributes) {
      if (normalizeName(attribute) === name && value !== '') return value;
    }
    const child = node.children.find((candidate) => normalizeName(candidate.name) === name);
    if (child && isLeaf(child) && child.text !== '') return child.text;
  }
  return null;
}

/**
 * A field series: attempt1 ... attempt6 values, or repeated <attempt> elements in document
 * order (their text, or a mark/result/value attribute).
 */
export function attemptsOf(node: XmlNode, names: readonly string[]): (string | null)[] {
  const numbered = [1, 2, 3, 4, 5, 6].map((n) =>
    valueOf(
      node,
      names.map((name) => `${name}${n}`),
    ),
  );
  if (numbered.some((attempt) => attempt !== null)) return numbered;
  return node.children
    .filter((child) => names.includes(normalizeName(child.name)))
    .map((child) => orNull(child.text) ?? valueOf(child, ['mark', 'result', 'value']));
}
