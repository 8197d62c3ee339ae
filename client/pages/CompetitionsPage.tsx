// Placeholder: being built now.
export function CompetitionsPage() {
  return null;
}
