const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});
const indian = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** Rupees with Indian digit grouping: 500000 → "₹5,00,000". */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** A whole number with Indian digit grouping: 1250000 → "12,50,000". */
export function formatIndianNumber(value: number): string {
  return indian.format(value);
}

/** Digits typed with or without grouping and a rupee sign: "₹5,00,000" → 500000; null when not a whole amount. */
export function parseRupees(text: string): number | null {
  const compact = text
    .trim()
    .replace(/[₹,\s]/g, "")
    .replace(/^Rs\.?/i, "");
  if (!/^\d{1,13}$/.test(compact)) return null;
  return Number(compact);
}

/** Short form for charts and tiles: 2500000 → "₹25 L", 35000000 → "₹3.5 Cr". */
export function formatRupeesShort(amount: number): string {
  if (amount >= 10_000_000) return `₹${trim(amount / 10_000_000)} Cr`;
  if (amount >= 100_000) return `₹${trim(amount / 100_000)} L`;
  return formatRupees(amount);
}
const trim = (n: number) => (Math.round(n * 10) / 10).toString();
