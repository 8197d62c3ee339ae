// Placeholder: being built now.
export function EventPage() {
  return null;
}
