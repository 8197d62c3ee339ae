// Placeholder: being built now.
export function PrivacyPage() {
  return null;
}
