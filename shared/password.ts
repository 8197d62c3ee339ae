/** The password rules, one entry per line of the live checklist; a password must meet all. */
export const passwordRules = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { id: 'upper', label: 'An uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'A lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'A number', test: (p: string) => /\d/.test(p) },
  {
    id: 'special',
    label: 'A special character (e.g. ! ? # @ -)',
    test: (p: string) => /[!-/:-@[-`{-~]/.test(p),
  },
] as const;

export function meetsPasswordRules(password: string): boolean {
  return passwordRules.every((rule) => rule.test(password));
}
