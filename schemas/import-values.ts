import { normalizePhone } from "./phone";
import type { bodyTypes, serviceCategories, truckBrands } from "./logistics-options";
import { indianStates, tonnageBands, tyreCounts } from "./logistics-options";

/**
 * Values by meaning: a spreadsheet's spellings of the directory's choices (states and union territories,
 * truck makes, tyres, capacities, body types, member categories) and of Indian mobile numbers, read as the
 * value the record stores. Each reader answers null for text it does not recognise: the import then asks
 * the operator (the fix-values step) and remembers the answer.
 */

/** "U.P.", "Jammu & Kashmir (J&K)", "Telangana State" → "up", "jammukashmir", "telangana". */
export function foldValue(text: string): string {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .replace(/&/g, " and ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "" && word !== "and" && word !== "state" && word !== "the")
    .join("");
}

/** A lookup from folded spellings, built from `value: [spellings…]`. */
function lookup<V>(entries: readonly (readonly [V, readonly string[]])[]): Map<string, V> {
  const map = new Map<string, V>();
  for (const [value, spellings] of entries) for (const s of spellings) map.set(foldValue(s), value);
  return map;
}

const stateIds = Object.fromEntries(indianStates.map((s) => [s.label, s.value])) as Record<
  (typeof indianStates)[number]["label"],
  number
>;

/** Every state and union territory: its name, vehicle registration code(s), old names and common misspellings. */
const STATE_SPELLINGS: Record<(typeof indianStates)[number]["label"], readonly string[]> = {
  "Andhra Pradesh": ["AP", "Andhra", "Andra Pradesh", "Andhrapradesh", "Andhra Pardesh"],
  "Arunachal Pradesh": ["AR", "Arunachal", "Arunachal Pardesh"],
  Assam: ["AS", "Asam", "Assaam"],
  Bihar: ["BR", "Bihaar"],
  Chhattisgarh: [
    "CG",
    "CT",
    "Chattisgarh",
    "Chhatisgarh",
    "Chhattisgad",
    "Chattisgad",
    "Chatisgarh",
    "Chhattishgarh",
  ],
  "Dadra and Nagar Haveli and Daman and Diu": [
    "DN",
    "DD",
    "DNH",
    "DNHDD",
    "Dadra and Nagar Haveli",
    "Dadra Nagar Haveli",
    "Daman and Diu",
    "Daman",
    "Diu",
    "Dadra",
    "Silvassa",
  ],
  Delhi: [
    "DL",
    "New Delhi",
    "NCT of Delhi",
    "NCT Delhi",
    "Delhi NCR",
    "NCT",
    "Dilli",
    "N Delhi",
    "Nai Dilli",
  ],
  Goa: ["GA"],
  Gujarat: ["GJ", "Gujrat", "Gujarath", "Gujraat", "Gujarat"],
  Haryana: ["HR", "Hariyana", "Haryaana"],
  "Himachal Pradesh": ["HP", "Himachal", "Himanchal Pradesh", "Himanchal", "Himachal Pardesh"],
  "Jammu and Kashmir": ["JK", "J&K", "J and K", "JnK", "Jammu", "Kashmir", "Jammu Kashmir", "Jammu-Kashmir"],
  Jharkhand: ["JH", "Jharkand", "Jarkhand", "Jharkhnad", "Jhar khand"],
  Karnataka: ["KA", "Karnatka", "Karnatak", "Karanataka", "Karnataka State", "Karnatakka"],
  Kerala: ["KL", "Kerela", "Keral", "Keralam", "Kerla"],
  Ladakh: ["LA", "Ladak", "Leh", "Leh Ladakh"],
  "Madhya Pradesh": ["MP", "Madhyapradesh", "Madya Pradesh", "Madhya Pardesh", "Madhya Prades"],
  Maharashtra: [
    "MH",
    "Maharastra",
    "Maharashtr",
    "Maharasthra",
    "Maharashra",
    "Mharashtra",
    "Maharashtra State",
  ],
  Manipur: ["MN", "Manipuri"],
  Meghalaya: ["ML", "Megalaya", "Meghalay"],
  Mizoram: ["MZ", "Mizo"],
  Nagaland: ["NL", "Naga land"],
  Odisha: ["OD", "OR", "Orissa", "Orisa", "Odisa", "Oddisa", "Odissa", "Odhisa"],
  Puducherry: ["PY", "Pondicherry", "Pondy", "Pondichery", "Puduchery", "Puducheri", "Pondichéry"],
  Punjab: ["PB", "Panjab", "Punjaab"],
  Rajasthan: ["RJ", "Rajastan", "Rajsthan", "Rajashtan", "Rajasthaan"],
  Sikkim: ["SK", "Sikim"],
  "Tamil Nadu": ["TN", "Tamilnadu", "Tamil Naadu", "Tamizh Nadu", "Tamilnad", "Thamil Nadu"],
  Telangana: ["TS", "TG", "Telengana", "Telagana", "Telanagana", "Telangaana"],
  Tripura: ["TR", "Tripur"],
  "Uttar Pradesh": ["UP", "Utter Pradesh", "Uttarpradesh", "Uttar Pardesh", "Uttar Prades", "Utter Pardesh"],
  Uttarakhand: ["UK", "UA", "Uttaranchal", "Uttrakhand", "Uttarkhand", "Utarakhand", "Uttara Khand"],
  "West Bengal": ["WB", "Bengal", "West Bangal", "Westbengal", "Paschim Banga", "Paschimbanga", "W Bengal"],
  "Andaman and Nicobar Islands": [
    "AN",
    "A&N",
    "A and N",
    "Andaman",
    "Andaman and Nicobar",
    "Andaman Nicobar",
    "Nicobar",
  ],
  Chandigarh: ["CH", "Chandigad", "Chandighar", "Chandigarh UT"],
  Lakshadweep: ["LD", "Lakshadeep", "Lakshwadeep", "Lakshdweep"],
};
const STATES = lookup(
  Object.entries(STATE_SPELLINGS).map(
    ([label, spellings]) => [stateIds[label as keyof typeof stateIds], [label, ...spellings]] as const,
  ),
);

/** A state or union territory by name, code, old name or common misspelling: its stored number. */
export const stateOf = (text: string): number | null => STATES.get(foldValue(text)) ?? null;

type Brand = (typeof truckBrands)[number];
const BRANDS = lookup<Brand>([
  ["Ashok Leyland", ["Ashok Leyland", "Leyland", "AL", "Ashok Layland", "Ashok Leland", "Ashok", "Layland"]],
  [
    "Tata",
    ["Tata", "Tata Motors", "Tata Motor", "Tata Prima", "Tata Signa", "Tata Ultra", "Tata LPT", "TML"],
  ],
  ["Mahindra", ["Mahindra", "Mahindra & Mahindra", "M&M", "Mahindra Navistar", "Mahindra Blazo", "Mahendra"]],
  ["Eicher", ["Eicher", "Eicher Motors", "VECV", "Volvo Eicher", "Eicher Pro", "Eichar", "Ichar", "Aicher"]],
  ["Daimler India", ["Daimler", "Daimler India", "DICV", "Daimler India Commercial Vehicles"]],
  ["Bharat Benz", ["Bharat Benz", "BharatBenz", "Bharath Benz", "Benz", "Bharat-Benz"]],
  ["Maruthi Suzuki", ["Maruthi Suzuki", "Maruti Suzuki", "Maruti", "Maruthi", "Suzuki"]],
  ["SML Isuzu", ["SML Isuzu", "SML", "Isuzu", "Swaraj Mazda", "Swaraj", "SML Lsuzu"]],
  ["Force", ["Force", "Force Motors"]],
  ["AMW", ["AMW", "Asia Motor Works", "Asia Motorworks"]],
  ["Man", ["Man", "MAN Trucks", "MAN Force"]],
  ["Scania", ["Scania"]],
  ["Volvo", ["Volvo", "Volvo Trucks"]],
  ["Others", ["Others", "Other"]],
]);
/** Words a make is often written with that say nothing of which make it is. */
const BRAND_NOISE = /(motors?|ltd|limited|trucks?|india|pvt|private|company|co|commercial|vehicles?|cv)$/;

/** A truck make as written ("Tata Motors", "Eicher Motors Ltd", "Leyland"): the brand stored. */
export function brandOf(text: string): Brand | null {
  let folded = foldValue(text);
  for (let i = 0; i < 3; i++) {
    const found = BRANDS.get(folded);
    if (found) return found;
    const shorter = folded.replace(BRAND_NOISE, "");
    if (shorter === folded || shorter === "") return null;
    folded = shorter;
  }
  return BRANDS.get(folded) ?? null;
}

const NUMBER_WORDS: Record<string, number> = {
  four: 4,
  six: 6,
  ten: 10,
  twelve: 12,
  fourteen: 14,
  sixteen: 16,
  eighteen: 18,
  twenty: 20,
  twentytwo: 22,
};

/** "10", "10 wheeler", "10-Wheeler", "10 tyres", "Ten wheeler", "10W": the number of tyres, when it is one offered. */
export function tyresOf(text: string): number | null {
  const t = text.trim().toLowerCase();
  const digits = /^(\d{1,2})(?:\.0+)?\s*[-\s]?\s*(?:tyres?|tires?|wheels?|wheelers?|whl|w|t)?\.?$/.exec(t);
  const word = /^([a-z\s-]+?)[-\s]*(?:tyres?|tires?|wheels?|wheelers?)$/.exec(t);
  const n = digits ? Number(digits[1]) : word ? NUMBER_WORDS[word[1]!.replace(/[\s-]/g, "")] : undefined;
  return n !== undefined && (tyreCounts as readonly number[]).includes(n) ? n : null;
}

/** "9 MT", "9 tons", "9T", "25", "9,000 kg", "90 quintal": tonnes. No unit: over 1,000 is read as kilograms. */
export function tonnesOf(text: string): number | null {
  const m =
    /^(?:approx\.?\s*|upto\s*|up to\s*)?(\d+(?:\.\d+)?)\s*(mt|m\.t\.?|t|tn|ton|tons|tonne|tonnes|kg|kgs|qtl|quintals?)?\.?$/.exec(
      text.trim().toLowerCase().replace(/,/g, ""),
    );
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2] ?? "";
  const tonnes =
    unit.startsWith("kg") || (unit === "" && n >= 1000) ? n / 1000 : unit.startsWith("q") ? n / 10 : n;
  return tonnes > 0 ? Math.round(tonnes * 100) / 100 : null;
}

type TonnageBand = (typeof tonnageBands)[number];
/** Spreadsheets turn "5-10" into 10 May and "10-20" into 20 October: read back as the bands they were. */
const TONNAGE_SPELLINGS = lookup<TonnageBand>([
  ["1-2.5", ["1-2.5 Ton", "1 to 2.5", "1-2.5 tons"]],
  ["2.5-5", ["2.5-5 Ton", "2.5 to 5", "2.5-5 tons"]],
  ["5-10", ["5-10 Ton", "5 to 10", "5-10 tons", "10-May", "May-10", "10 May"]],
  ["10-20", ["10-20 Ton", "10 to 20", "10-20 tons", "20-Oct", "Oct-20", "20 Oct"]],
  ["20-40", ["20-40 Ton", "20 to 40", "20-40 tons"]],
  ["above 40 Ton", ["above 40", "above 40 tons", "40+", "more than 40", "over 40", "40 plus"]],
]);
/** A weight's band: up to 2.5 t, 5, 10, 20, 40, and above 40. */
export function bandOfTonnes(tonnes: number): TonnageBand {
  if (tonnes <= 2.5) return "1-2.5";
  if (tonnes <= 5) return "2.5-5";
  if (tonnes <= 10) return "5-10";
  if (tonnes <= 20) return "10-20";
  if (tonnes <= 40) return "20-40";
  return "above 40 Ton";
}
/** "5-10", "5 to 10 Ton", "above 40", "9 MT", "25": the tonnage band stored (a capacity falls in its band). */
export function tonnageBandOf(text: string): TonnageBand | null {
  const t = text.trim();
  if (/^>\s*40/.test(t)) return "above 40 Ton";
  const bare = t
    .replace(/\s*(tons?|tonnes?|mt)\.?$/i, "")
    .replace(/\s+to\s+/i, "-")
    .replace(/\s*-\s*/, "-");
  const named =
    TONNAGE_SPELLINGS.get(foldValue(t)) ?? (tonnageBands as readonly string[]).find((b) => b === bare);
  if (named) return named as TonnageBand;
  const tonnes = tonnesOf(t);
  return tonnes === null ? null : bandOfTonnes(tonnes);
}

type BodyType = (typeof bodyTypes)[number];
const BODY_TYPES = lookup<BodyType>([
  ["LCV", ["LCV", "Mini truck", "Pickup", "Pick up", "Light commercial vehicle", "Small truck"]],
  [
    "Container",
    ["Container", "Closed body", "Closed container", "Container body", "Closed", "Box body", "Covered"],
  ],
  ["Open body", ["Open body", "Open", "Open truck", "Open body truck", "Platform", "Half body", "Full body"]],
  ["Tanker", ["Tanker", "Tank", "Tank lorry", "Oil tanker", "Water tanker", "Milk tanker"]],
  ["Trailer", ["Trailer", "Trailor", "Flatbed", "Flat bed", "Semi trailer", "Multi axle trailer", "Low bed"]],
  ["Tipper", ["Tipper", "Dumper", "Tipper truck", "Tipping"]],
  ["Bus", ["Bus", "Buses"]],
]);
export const bodyTypeOf = (text: string): BodyType | null => BODY_TYPES.get(foldValue(text)) ?? null;

type Category = (typeof serviceCategories)[number];
const CATEGORIES = lookup<Category>([
  ["Lorry Owner", ["Lorry Owner", "Owner", "Truck owner", "Fleet owner", "Vehicle owner", "Lorry owners"]],
  ["Logistics", ["Logistics", "Logistic", "Transport", "Transporter", "Transport company", "Transporters"]],
  [
    "Lorry Constructions",
    ["Lorry Constructions", "Body builder", "Body building", "Construction", "Lorry construction"],
  ],
  [
    "Load Booking Agent",
    ["Load Booking Agent", "Agent", "Booking agent", "Broker", "Commission agent", "Load agent"],
  ],
  ["Driver", ["Driver", "Drivers"]],
  [
    "Lorry Buy & Sell Dealers/Owner",
    ["Lorry Buy & Sell Dealers/Owner", "Dealer", "Buy and sell", "Used truck dealer"],
  ],
  ["Fastag", ["Fastag", "Fast tag"]],
  ["Insurance", ["Insurance", "Insurance agent"]],
]);
export const categoryOf = (text: string): Category | null => CATEGORIES.get(foldValue(text)) ?? null;

/**
 * A mobile number as people keep it in a sheet ("+91 98765 43210", "098765-43210", "Mob: 98765 43210",
 * "9876543210.0", "'9876543210"): E.164, or null.
 */
export function phoneOf(text: string): string | null {
  const cleaned = text
    .trim()
    .replace(/^'/, "")
    .replace(/^(?:mob(?:ile)?|ph(?:one)?|m|tel|cell)\s*(?:no\.?)?\s*[:.-]?\s*/i, "")
    .replace(/\.0+$/, "");
  return normalizePhone(cleaned);
}

/** Which reader a field's cells go through, by field name. */
export const valueReaders: Readonly<Record<string, (text: string) => string | number | null>> = {
  state: stateOf,
  from_state: stateOf,
  to_state: stateOf,
  brand: brandOf,
  tyres: tyresOf,
  tonnage_band: tonnageBandOf,
  weight_tons: tonnesOf,
  body_type: bodyTypeOf,
  service_category: categoryOf,
  phone: phoneOf,
  contact_no: phoneOf,
};

/** Edits between two short strings (for "the closest match" in messages and the fix-values step). */
export function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length]!;
}

/** The option nearest the text (within a third of its length), or null: offered, never applied unasked. */
export function closestOption<O extends { value: string; label: string }>(
  options: readonly O[],
  text: string,
) {
  const folded = foldValue(text);
  if (folded.length < 3) return null;
  let best: { option: O; edits: number } | null = null;
  for (const option of options)
    for (const name of [option.label, option.value]) {
      const other = foldValue(name);
      const edits = other.startsWith(folded) || folded.startsWith(other) ? 1 : distance(folded, other);
      if (!best || edits < best.edits) best = { option, edits };
    }
  return best && best.edits <= Math.max(1, Math.floor(folded.length / 3)) ? best.option : null;
}
