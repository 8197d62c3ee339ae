// Placeholder: being built now.
export function PricingPage() {
  return null;
}
