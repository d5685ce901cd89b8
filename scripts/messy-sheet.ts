/**
 * A truck sheet as an Indian office keeps it, to import as it is: a byte order mark, CRLF, headers of its
 * own ("Vehicle No.", "Mobile No.", "Make", "No. of Tyres", "Capacity (Tons)"), phones in every shape
 * ("+91 98xxx xxxxx", "098…", dashes, "'98…"), states, makes, tyres and capacities spelt every way, owners
 * with several trucks and no member yet, and about one row in forty truly bad (no registration, a
 * five-digit phone, a phone Excel turned into 9.8E+09, "Mumbai" as the state, "many" tyres, a vehicle twice).
 *
 *   npx tsx scripts/messy-sheet.ts [--rows 5000] [--seed 39] [--out messy-trucks.csv]
 *
 * `npm run bench:import -- --messy` imports it through the API and prints the share of rows accepted.
 */
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

export const MESSY_HEADERS = [
  "Sr. No.",
  "Vehicle No.",
  "Owner Name",
  "Mobile No.",
  "Company",
  "Make",
  "No. of Tyres",
  "Capacity (Tons)",
  "Body",
  "State",
  "From",
  "To",
];

/** A small deterministic generator (mulberry32): the same seed makes the same sheet. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  "Rajesh",
  "Suresh",
  "Murugan",
  "Harpreet",
  "Anil",
  "Venkatesh",
  "Imran",
  "Sanjay",
  "Prakash",
  "Ravi",
  "Manoj",
  "Abdul",
  "Gurpreet",
  "Ramesh",
  "Selvam",
  "राजेश",
  "முருகன்",
];
const LAST = [
  "Kumar",
  "Singh",
  "Yadav",
  "Reddy",
  "Patil",
  "Sharma",
  "Nair",
  "Khan",
  "Das",
  "Gowda",
  "Pillai",
  "Chauhan",
  "शर्मा",
];
const COMPANY = [
  "Roadways",
  "Transport",
  "Logistics",
  "Carriers",
  "Freight Movers",
  "Cargo, Pvt Ltd",
  "Travels",
];
/** State spellings with a registration code of that state, as sheets write them. */
const STATES: [string[], string][] = [
  [["Maharashtra", "MH", "Maharastra", "maharashtra "], "MH"],
  [["Tamil Nadu", "TN", "Tamilnadu", "TAMIL NADU"], "TN"],
  [["Karnataka", "KA", "Karnatka"], "KA"],
  [["Uttar Pradesh", "U.P.", "UP", "Utter Pradesh"], "UP"],
  [["West Bengal", "W.B.", "WB", "West Bangal"], "WB"],
  [["Odisha", "Orissa", "OD"], "OD"],
  [["Kerala", "Kerela", "KL"], "KL"],
  [["Telangana", "TS", "Telengana"], "TS"],
  [["Delhi", "New Delhi", "DL"], "DL"],
  [["Gujarat", "Gujrat", "GJ"], "GJ"],
  [["Puducherry", "Pondicherry", "PY"], "PY"],
  [["Rajasthan", "Rajastan", "RJ"], "RJ"],
  [["Punjab", "PB"], "PB"],
  [["Haryana", "HR", "Hariyana"], "HR"],
  [["Andhra Pradesh", "AP", "Andhra"], "AP"],
];
const MAKES = [
  "Tata Motors",
  "TATA",
  "Tata",
  "Eicher Motors",
  "Eicher",
  "Leyland",
  "Ashok Leyland Ltd",
  "Ashok Leyland",
  "BharatBenz",
  "Mahindra & Mahindra",
  "Mahindra",
  "Volvo",
  "SML Isuzu",
];
const TYRES = ["10", "10 wheeler", "12 Tyres", "6", "14", "Ten wheeler", "16W", "6 wheeler", "12", "22"];
const CAPACITY = [
  "9 MT",
  "25",
  "16 Tons",
  "5-10",
  "10-20 Ton",
  "40+",
  "12000 kg",
  "2 T",
  "19 MT",
  "31",
  "7.5",
];
const BODY = ["Open", "Container", "Open Body", "Trailer", "Tipper", "Tanker", "Closed container", "LCV"];
const CITIES = [
  "Mumbai",
  "Chennai",
  "Pune",
  "Kolkata",
  "Delhi",
  "Bengaluru",
  "Hyderabad",
  "Nagpur",
  "Surat",
  "Ludhiana",
  "Kochi",
  "Cuttack",
];
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

/** A ten-digit mobile number written as sheets write them. */
function phoneAs(digits: string, style: number) {
  const [a, b] = [digits.slice(0, 5), digits.slice(5)];
  return [
    `+91 ${a} ${b}`,
    `0${digits}`,
    `${a}-${b}`,
    `91${digits}`,
    `+91-${a}-${b}`,
    `${a} ${b}`,
    `'${digits}`,
    digits,
  ][style % 8]!;
}

/** A registration number written as sheets write them. */
function vehicleAs(code: string, i: number, style: number) {
  const rto = String(1 + (i % 49)).padStart(2, "0");
  const series = `${LETTERS[Math.floor(i / 9000) % LETTERS.length]}${LETTERS[Math.floor(i / 400) % LETTERS.length]}`;
  const number = String(1000 + (i % 9000));
  return [
    `${code}${rto}${series}${number}`,
    `${code}-${rto}-${series}-${number}`,
    `${code.toLowerCase()} ${rto} ${series.toLowerCase()} ${number}`,
    `${code} ${rto} ${series}${number}`,
  ][style % 4]!;
}

const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export interface MessySheet {
  csv: string;
  /** Each owner's phone (E.164) and name: the bench makes some of them members first. */
  owners: { phone: string; first_name: string; last_name: string; state_code: string }[];
  /** Rows written truly bad (the import must refuse them). */
  bad: number;
}

/** `rows` trucks of `rows / 6` owners; `seed` varies the phone numbers between runs on one database. */
export function messySheet(rows = 5000, seed = 39): MessySheet {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const owners = Array.from({ length: Math.max(1, Math.ceil(rows / 6)) }, (_, k) => {
    const [spellings, code] = pick(STATES);
    return {
      phone: `${6 + (k % 4)}${String(Math.floor(next() * 1e9)).padStart(9, "0")}`,
      first_name: pick(FIRST),
      last_name: pick(LAST),
      spellings,
      state_code: code,
      company: next() < 0.3 ? "" : `${pick(LAST)} ${pick(COMPANY)}`,
      style: Math.floor(next() * 8),
    };
  });
  const lines = [MESSY_HEADERS.join(",")];
  let bad = 0;
  for (let i = 0; i < rows; i++) {
    const owner = owners[i % owners.length]!;
    const cells = [
      String(i + 1),
      vehicleAs(owner.state_code, i, i),
      `${owner.first_name} ${owner.last_name}`,
      phoneAs(owner.phone, owner.style + (i % 3 === 0 ? 1 : 0)),
      owner.company,
      pick(MAKES),
      pick(TYRES),
      pick(CAPACITY),
      pick(BODY),
      pick(owner.spellings),
      pick(CITIES),
      pick(CITIES),
    ];
    // About one row in forty is wrong in a way no reading can mend.
    if (i % 40 === 39) {
      bad++;
      const kind = Math.floor(i / 40) % 6;
      if (kind === 0) cells[1] = "UNREGISTERED";
      else if (kind === 1) cells[3] = "12345";
      else if (kind === 2) cells[3] = `${owner.phone.slice(0, 1)}.${owner.phone.slice(1, 5)}E+09`;
      else if (kind === 3) cells[9] = "Mumbai";
      else if (kind === 4) cells[6] = "many";
      else cells[1] = vehicleAs(owners[(i - 1) % owners.length]!.state_code, i - 1, i - 1);
    }
    lines.push(cells.map(cell).join(","));
  }
  return {
    csv: `\uFEFF${lines.join("\r\n")}\r\n`,
    owners: owners.map(({ phone, first_name, last_name, state_code }) => ({
      phone: `+91${phone}`,
      first_name,
      last_name,
      state_code,
    })),
    bad,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "5000" },
      seed: { type: "string", default: "39" },
      out: { type: "string", default: "messy-trucks.csv" },
    },
  });
  const sheet = messySheet(Number(values.rows), Number(values.seed));
  writeFileSync(values.out!, sheet.csv);
  console.log(
    `Wrote ${values.out}: ${values.rows} rows, ${sheet.owners.length} owners, ${sheet.bad} truly bad rows.`,
  );
}
