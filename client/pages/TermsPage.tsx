// Placeholder: being built now.
export function TermsPage() {
  return null;
}
