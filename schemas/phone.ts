/**
 * Indian mobile numbers in E.164 (`+91` and ten digits starting 6-9). People type them in many shapes:
 * "98765 43210", "098765-43210", "+91 98765 43210", "91 9876543210", "0091 9876543210".
 */
export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, "");
  if (!/^\+?\d+$/.test(compact)) return null;
  let digits = compact.replace(/^\+/, "");
  if (compact.startsWith("+")) {
    if (!digits.startsWith("91")) return null;
    digits = digits.slice(2);
  } else if (digits.length === 14 && digits.startsWith("0091")) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? `+91${digits}` : null;
}

export const PHONE_MESSAGE = "Enter a 10-digit Indian mobile number, e.g. 98765 43210";

/** "+919876543210" → "+91 98765 43210" for reading. */
export function formatPhone(e164: string): string {
  const m = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return m ? `+91 ${m[1]} ${m[2]}` : e164;
}

/**
 * Search text that looks like a phone number is compacted ("98765 43210" → "9876543210") so it finds
 * the stored E.164 form; anything else is returned unchanged.
 */
export function compactPhoneSearch(text: string): string {
  return /^[+\d][\d\s().-]{3,}$/.test(text.trim()) ? text.replace(/[\s().-]/g, "") : text;
}
