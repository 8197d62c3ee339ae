/** Reported to Rith with every status, and printed by --version. Raise it with each change. */
export const AGENT_VERSION = '1.1.0';
