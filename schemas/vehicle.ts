/**
 * Indian vehicle registration numbers. Standard plates: state code, 1-2 digit RTO code, 0-3 series
 * letters, 4 digits (MH12AB1234, DL1CAB1234, KA011234). Bharat (BH) series: 2-digit year, "BH",
 * 4 digits, 1-2 letters (22BH1234AB).
 */
export const STATE_CODES = new Set([
  "AN",
  "AP",
  "AR",
  "AS",
  "BR",
  "CG",
  "CH",
  "DD",
  "DL",
  "DN",
  "GA",
  "GJ",
  "HP",
  "HR",
  "JH",
  "JK",
  "KA",
  "KL",
  "LA",
  "LD",
  "MH",
  "ML",
  "MN",
  "MP",
  "MZ",
  "NL",
  "OD",
  "OR",
  "PB",
  "PY",
  "RJ",
  "SK",
  "TG",
  "TN",
  "TR",
  "TS",
  "UK",
  "UA",
  "UP",
  "WB",
]);

const STANDARD = /^([A-Z]{2})(\d{1,2})([A-Z]{0,3})(\d{4})$/;
const BHARAT = /^(\d{2})BH(\d{4})([A-Z]{1,2})$/;

/** Upper case, without spaces, dashes, dots or slashes: "mh-12 ab 1234" → "MH12AB1234". */
export function normalizeVehicleNumber(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s./-]/g, "");
}

/** True for a normalised standard or BH-series number with a known state code. */
export function isValidVehicleNumber(normalized: string): boolean {
  const standard = STANDARD.exec(normalized);
  if (standard)
    return (
      STATE_CODES.has(standard[1]!) && standard[2] !== "0" && standard[2] !== "00" && standard[4] !== "0000"
    );
  const bh = BHARAT.exec(normalized);
  return bh !== null && bh[2] !== "0000" && !/[IO]/.test(bh[3]!);
}

export const VEHICLE_MESSAGE = "Enter a vehicle number like MH12AB1234 or 22BH1234AB";

/** "MH12AB1234" → "MH 12 AB 1234", "22BH1234AB" → "22 BH 1234 AB", for reading. */
export function formatVehicleNumber(normalized: string): string {
  const standard = STANDARD.exec(normalized);
  if (standard) return [standard[1], standard[2], standard[3], standard[4]].filter(Boolean).join(" ");
  const bh = BHARAT.exec(normalized);
  if (bh) return `${bh[1]} BH ${bh[2]} ${bh[3]}`;
  return normalized;
}

/** The edit form's vehicle choices: the member's vehicles plus the record's own number, once each. */
export function vehicleOptions(vehicleList: readonly string[], current?: string | null): string[] {
  const out: string[] = [];
  for (const v of current ? [current, ...vehicleList] : vehicleList) {
    const n = normalizeVehicleNumber(v);
    if (n && !out.includes(n)) out.push(n);
  }
  return out;
}
