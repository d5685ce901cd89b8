import type { SalaryRange } from "#schemas/job.ts";

/**
 * Reads the free-text salary editors type ("12,00,000 - 18,00,000 per annum", "25,000 per month")
 * into numbers for JobPosting structured data; null when it cannot be read with confidence.
 */
export function parseSalary(text: string): SalaryRange | null {
  const amounts = [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replace(/,/g, "")));
  if (amounts.length === 0 || amounts.length > 2 || amounts.some((n) => !Number.isFinite(n) || n <= 0)) {
    return null;
  }
  const lower = text.toLowerCase();
  const unitText = /month/.test(lower)
    ? "MONTH"
    : /hour/.test(lower)
      ? "HOUR"
      : /annum|year|yearly|p\.?a\.?\b|lpa/.test(lower)
        ? "YEAR"
        : null;
  if (!unitText) return null;
  const [a, b = a] = amounts as [number, number?];
  return { currency: "INR", minValue: Math.min(a, b), maxValue: Math.max(a, b), unitText };
}
