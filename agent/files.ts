/** Which files the agent publishes, and in which order. */

/** Meet files Rith needs before results: events and start lists, schedule, athletes. */
const MEET_FILES = ['lynx.evt', 'lynx.sch', 'lynx.ppl'];

/** FinishLynx's meet files and its results (.lif) and FieldLynx's (.lff), in any case. */
export function isLynxFile(name: string): boolean {
  const lower = name.toLowerCase();
  return MEET_FILES.includes(lower) || lower.endsWith('.lif') || lower.endsWith('.lff');
}

/**
 * Meet files go before results, so a results file never arrives for an event Rith has not
 * heard of yet: 0, 1, 2 for the meet files, 3 for results.
 */
export function sendRank(name: string): number {
  const index = MEET_FILES.indexOf(name.toLowerCase());
  return index === -1 ? MEET_FILES.length : index;
}

/** Whether the file is a meet file, which results wait for. */
export function isMeetFile(name: string): boolean {
  return sendRank(name) < MEET_FILES.length;
}
