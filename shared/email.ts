/** The waiting-list field drops, per keystroke, every character the spec does not allow. */
export function sanitizeEmailInput(value: string): string {
  return value.replace(/[^A-Za-z0-9_@.+-]/g, '');
}
