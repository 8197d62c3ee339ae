import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { failed, parsed } from '../types.ts';
import type { ParseResult } from '../types.ts';

/** An element with its name and attribute names in lower case (namespace prefixes dropped). */
export interface XmlNode {
  name: string;
  attributes: ReadonlyMap<string, string>;
  children: XmlNode[];
  /** Its own text, trimmed, children's text not included. */
  text: string;
}

/** A meet's export is kilobytes; the caps stop a hostile file before it costs much. */
export const MAX_XML_BYTES = 20 * 1024 * 1024;
export const MAX_XML_DEPTH = 64;

const DECLARATIONS = /<!DOCTYPE|<!ENTITY/i;

/** BOM first; without one UTF-8, or Windows-1252 when the bytes are not valid UTF-8. */
function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const predefined: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * Entities are not expanded by the parser (processEntities: false, so no declared entity
 * can ever grow); the five predefined ones and character references are decoded here,
 * one for one, which cannot expand.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return predefined[ref.toLowerCase()] ?? whole;
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  removeNSPrefix: true,
  maxNestedTags: MAX_XML_DEPTH,
});

type Ordered = Record<string, unknown>;

/** fast-xml-parser's ordered output ([{tag: [children], ':@': {attrs}}, {'#text': ...}]). */
function toNodes(items: unknown, depth: number): XmlNode[] {
  if (!Array.isArray(items) || depth > MAX_XML_DEPTH) return [];
  const nodes: XmlNode[] = [];
  for (const item of items as Ordered[]) {
    const tag = Object.keys(item).find((key) => key !== ':@' && key !== '#text');
    if (tag === undefined) continue;
    const attributes = new Map<string, string>();
    const rawAttributes = item[':@'];
    if (rawAttributes && typeof rawAttributes === 'object') {
      for (const [key, value] of Object.entries(rawAttributes as Record<string, unknown>)) {
        attributes.set(key.toLowerCase(), decodeEntities(String(value)).trim());
      }
    }
    const content = item[tag];
    const text = Array.isArray(content)
      ? (content as Ordered[])
          .map((child) => ('#text' in child ? String(child['#text']) : ''))
          .join(' ')
      : '';
    nodes.push({
      name: tag.toLowerCase(),
      attributes,
      children: toNodes(content, depth + 1),
      text: decodeEntities(text).trim(),
    });
  }
  return nodes;
}

/**
 * The document's root element. Refused before parsing: anything over the size cap, and any
 * DOCTYPE or entity declaration (billion laughs, external entities) wherever it appears.
 * Malformed XML fails as 'Invalid XML' with the parser's line and reason.
 */
export function readXml(bytes: Uint8Array, fileName: string): ParseResult<XmlNode> {
  try {
    if (bytes.byteLength > MAX_XML_BYTES) {
      return failed({
        file: fileName,
        reason: `XML larger than ${MAX_XML_BYTES} bytes is refused`,
      });
    }
    const text = decode(bytes);
    if (DECLARATIONS.test(text)) {
      return failed({
        file: fileName,
        reason: 'XML with a DOCTYPE or entity declarations is refused',
      });
    }
    const valid = XMLValidator.validate(text);
    if (valid !== true) {
      return failed({
        file: fileName,
        row: valid.err.line,
        reason: `Invalid XML: ${valid.err.msg}`,
      });
    }
    const roots = toNodes(parser.parse(text), 0);
    const root = roots[0];
    if (!root) return failed({ file: fileName, reason: 'Invalid XML: no root element' });
    return parsed(root);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return failed({ file: fileName, reason: `Invalid XML: ${detail}` });
  }
}
