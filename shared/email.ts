/** Per keystroke, the waiting-list field keeps only letters, digits, _, @, ., - and +. */
export function sanitizeEmailInput(value: string): string {
  return value.replace(/[^A-Za-z0-9_@.+-]/g, '');
}
