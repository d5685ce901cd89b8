import type { Option } from "./resource";

/** Option lists of the logistics directory (spec section 3), shared by forms, filters, API and seed. */

/** The 28 states and 8 union territories. Stored values never change: 1-33 alphabetical as first listed, then the three added later. */
export const indianStates = [
  { value: 1, label: "Andhra Pradesh" },
  { value: 2, label: "Arunachal Pradesh" },
  { value: 3, label: "Assam" },
  { value: 4, label: "Bihar" },
  { value: 5, label: "Chhattisgarh" },
  { value: 6, label: "Dadra and Nagar Haveli and Daman and Diu" },
  { value: 7, label: "Delhi" },
  { value: 8, label: "Goa" },
  { value: 9, label: "Gujarat" },
  { value: 10, label: "Haryana" },
  { value: 11, label: "Himachal Pradesh" },
  { value: 12, label: "Jammu and Kashmir" },
  { value: 13, label: "Jharkhand" },
  { value: 14, label: "Karnataka" },
  { value: 15, label: "Kerala" },
  { value: 16, label: "Ladakh" },
  { value: 17, label: "Madhya Pradesh" },
  { value: 18, label: "Maharashtra" },
  { value: 19, label: "Manipur" },
  { value: 20, label: "Meghalaya" },
  { value: 21, label: "Mizoram" },
  { value: 22, label: "Nagaland" },
  { value: 23, label: "Odisha" },
  { value: 24, label: "Puducherry" },
  { value: 25, label: "Punjab" },
  { value: 26, label: "Rajasthan" },
  { value: 27, label: "Sikkim" },
  { value: 28, label: "Tamil Nadu" },
  { value: 29, label: "Telangana" },
  { value: 30, label: "Tripura" },
  { value: 31, label: "Uttar Pradesh" },
  { value: 32, label: "Uttarakhand" },
  { value: 33, label: "West Bengal" },
  { value: 34, label: "Andaman and Nicobar Islands" },
  { value: 35, label: "Chandigarh" },
  { value: 36, label: "Lakshadweep" },
] as const satisfies readonly { value: number; label: string }[];

export const serviceCategories = [
  "Lorry Owner",
  "Logistics",
  "Lorry Constructions",
  "Load Booking Agent",
  "Driver",
  "Lorry Buy & Sell Dealers/Owner",
  "Fastag",
  "Insurance",
] as const;

export const bodyTypes = ["LCV", "Container", "Open body", "Tanker", "Trailer", "Tipper", "Bus"] as const;

export const tyreCounts = [4, 6, 10, 12, 14, 16, 18, 20, 22] as const;

export const tonnageBands = ["1-2.5", "2.5-5", "5-10", "10-20", "20-40", "above 40 Ton"] as const;

export const truckBrands = [
  "Ashok Leyland",
  "Tata",
  "Mahindra",
  "Eicher",
  "Daimler India",
  "Bharat Benz",
  "Maruthi Suzuki",
  "SML Isuzu",
  "Force",
  "AMW",
  "Man",
  "Scania",
  "Volvo",
  "Others",
] as const;

/** Spellings once offered (the spec's "SML Lsuzu" is a typo), still accepted from old links and clients. */
export const legacyBrandSpellings: Readonly<Record<string, (typeof truckBrands)[number]>> = {
  "SML Lsuzu": "SML Isuzu",
};
export const canonicalBrand = (value: string) => legacyBrandSpellings[value] ?? value;

/** A numeric range filter: `min`..`max` inclusive, `max` null for "and above". */
export interface Band {
  value: string;
  label: string;
  min: number;
  max: number | null;
}

/** Kilometres driven (spec: "0-10,000 up to 2,000,001+"). */
export const kmBands = [
  { value: "0-10000", label: "0 – 10,000 km", min: 0, max: 10_000 },
  { value: "10001-50000", label: "10,001 – 50,000 km", min: 10_001, max: 50_000 },
  { value: "50001-100000", label: "50,001 – 1,00,000 km", min: 50_001, max: 100_000 },
  { value: "100001-300000", label: "1,00,001 – 3,00,000 km", min: 100_001, max: 300_000 },
  { value: "300001-500000", label: "3,00,001 – 5,00,000 km", min: 300_001, max: 500_000 },
  { value: "500001-1000000", label: "5,00,001 – 10,00,000 km", min: 500_001, max: 1_000_000 },
  { value: "1000001-2000000", label: "10,00,001 – 20,00,000 km", min: 1_000_001, max: 2_000_000 },
  { value: "2000001+", label: "2,000,001+ km", min: 2_000_001, max: null },
] as const satisfies readonly Band[];

/** Asking price in rupees with Indian digit grouping (spec: "0-5,00,000 up to 90,00,001 and above"). */
export const priceBands = [
  { value: "0-500000", label: "₹0 – ₹5,00,000", min: 0, max: 500_000 },
  { value: "500001-1000000", label: "₹5,00,001 – ₹10,00,000", min: 500_001, max: 1_000_000 },
  { value: "1000001-2000000", label: "₹10,00,001 – ₹20,00,000", min: 1_000_001, max: 2_000_000 },
  { value: "2000001-3000000", label: "₹20,00,001 – ₹30,00,000", min: 2_000_001, max: 3_000_000 },
  { value: "3000001-5000000", label: "₹30,00,001 – ₹50,00,000", min: 3_000_001, max: 5_000_000 },
  { value: "5000001-9000000", label: "₹50,00,001 – ₹90,00,000", min: 5_000_001, max: 9_000_000 },
  { value: "9000001+", label: "₹90,00,001 and above", min: 9_000_001, max: null },
] as const satisfies readonly Band[];

export const loadStatuses = ["open", "assigned", "delivered", "cancelled"] as const;
export const serviceRequestStatuses = ["new", "in_progress", "done", "rejected"] as const;
export const feedbackKinds = ["feedback", "complaint"] as const;
export const feedbackStatuses = ["open", "in_progress", "resolved"] as const;
export const leadStatuses = ["HOT", "WARM", "COLD"] as const;

/**
 * Overall analysis periods (spec section 3, and calendar weeks and months beside them); the first is the
 * default. Weeks are ISO weeks (Monday to Sunday), all in India calendar days.
 */
export const analyticsPeriods = [
  { value: "today", label: "Today" },
  { value: "last_7_days", label: "Last 7 days" },
  { value: "this_week", label: "This week" },
  { value: "last_week", label: "Last week" },
  { value: "this_month", label: "This month" },
  { value: "last_month", label: "Last month" },
] as const;

export const stateLabel = (value: number) =>
  indianStates.find((s) => s.value === value)?.label ?? `State ${value}`;

/* ------------------------------------------------------------------ as the console offers them */

export type { Option };

const plain = (values: readonly (string | number)[]): Option[] =>
  values.map((v) => ({ value: String(v), label: String(v) }));

export const stateOptions: Option[] = [...indianStates]
  .sort((a, b) => a.label.localeCompare(b.label))
  .map((s) => ({ value: String(s.value), label: s.label }));
export const categoryOptions = plain(serviceCategories);
export const bodyTypeOptions = plain(bodyTypes);
export const tyreOptions: Option[] = tyreCounts.map((t) => ({ value: String(t), label: `${t} tyres` }));
export const tonnageOptions: Option[] = tonnageBands.map((t) => ({
  value: t,
  label: t.includes("Ton") ? t : `${t} Ton`,
}));
export const brandOptions = plain(truckBrands);
export const kmBandOptions: Option[] = kmBands.map((b) => ({ value: b.value, label: b.label }));
export const priceBandOptions: Option[] = priceBands.map((b) => ({ value: b.value, label: b.label }));
export const loadStatusLabel: Record<(typeof loadStatuses)[number], string> = {
  open: "Open",
  assigned: "Assigned",
  delivered: "Delivered",
  cancelled: "Cancelled",
};
export const loadStatusOptions: Option[] = loadStatuses.map((s) => ({ value: s, label: loadStatusLabel[s] }));
