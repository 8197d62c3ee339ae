/** Meet-management XML parsers: pure, never throwing; no DOCTYPE or entity declarations. */
export { parseResultsXml, parseStartListXml } from './results.ts';
export { parseTimetableXml } from './timetable.ts';
export { readXml, decodeEntities, MAX_XML_BYTES, MAX_XML_DEPTH } from './readXml.ts';
export type { XmlNode } from './readXml.ts';
export { recordElements, timetableElements, eventFields, recordFields } from './synonyms.ts';
