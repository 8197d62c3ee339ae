// Placeholder: being built now.
export function HomePage() {
  return null;
}
