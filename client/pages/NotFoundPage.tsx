// Placeholder: being built now.
export function NotFoundPage() {
  return null;
}
