/**
 * Headers by meaning: the ways Indian offices title a spreadsheet's columns, per API field. A header is
 * folded (lower case, letters and digits only, "no"/"num"/"#" read as "number", "mob"/"mobile"/"cell"
 * as "phone") before it is compared, so "Vehicle No.", "VEHICLE NUMBER" and "vehicle_no" are one header.
 * A field's own label, CSV header and name are matched before these; the operator can change any match.
 */

/** Words a header is spelt with, read as one: the folded header is built from these. */
const WORDS: Readonly<Record<string, string>> = {
  no: "number",
  num: "number",
  nos: "number",
  nbr: "number",
  "#": "number",
  mob: "phone",
  mobile: "phone",
  cell: "phone",
  ph: "phone",
  tel: "phone",
  telephone: "phone",
  whatsapp: "phone",
  veh: "vehicle",
  vehicles: "vehicle",
  lorry: "vehicle",
  truck: "vehicle",
  reg: "registration",
  regn: "registration",
  tyre: "tyres",
  tire: "tyres",
  tires: "tyres",
  wheels: "tyres",
  wheel: "tyres",
  wheeler: "tyres",
  tons: "tonnes",
  ton: "tonnes",
  tonne: "tonnes",
  mt: "tonnes",
  qty: "quantity",
  co: "company",
  firm: "company",
  dl: "licence",
  license: "licence",
  lic: "licence",
};

/** "Vehicle No.", "vehicle_number" → "vehiclenumber": words folded, then letters and digits only. */
export function foldHeaderWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/#/g, " # ")
    .split(/[^\p{L}\p{N}#]+/u)
    .filter(Boolean)
    .map((word) => WORDS[word] ?? word)
    .filter((word) => word !== "the" && word !== "of" && word !== "in")
    .join("");
}

/** Further header spellings per API field (folded as above before they are compared). */
export const headerSynonyms: Readonly<Record<string, readonly string[]>> = {
  vehicle_number: [
    "Vehicle No",
    "Vehicle",
    "Registration number",
    "Reg No",
    "Vehicle registration number",
    "RC number",
    "Lorry No",
    "Truck No",
    "Truck number",
  ],
  contact_no: [
    "Mobile No",
    "Mobile",
    "Phone",
    "Contact",
    "Contact No",
    "Contact number",
    "Owner mobile",
    "Owner phone",
    "Owner contact",
    "Mobile number",
    "Cell",
    "WhatsApp",
    "WhatsApp number",
  ],
  phone: ["Mobile No", "Mobile", "Phone number", "Contact", "Contact No", "Contact number", "WhatsApp"],
  owner_name: [
    "Owner",
    "Name",
    "Owner full name",
    "Transporter name",
    "Vehicle owner",
    "Seller",
    "Seller name",
  ],
  driver_name: ["Driver", "Name", "Driver full name"],
  contact_name: ["Contact person", "Contact name", "Shipper", "Name"],
  company_name: [
    "Company",
    "Firm",
    "Firm name",
    "Transport company",
    "Transporter",
    "Business name",
    "Travels",
  ],
  company: ["Company name", "Firm", "Firm name", "Transport company", "Business name"],
  first_name: ["Name", "Full name", "Member name", "Owner name", "Given name"],
  last_name: ["Surname", "Family name"],
  brand: ["Make", "Manufacturer", "Vehicle make", "Company make", "Make model", "Brand name", "OEM"],
  tyres: ["No of Tyres", "Tyres count", "Number of tyres", "Wheels", "No of wheels", "Tyre count", "Axle"],
  tonnage_band: [
    "Capacity",
    "Capacity (Tons)",
    "Capacity tonnes",
    "Load capacity",
    "Tonnage capacity",
    "Payload",
    "GVW",
  ],
  weight_tons: ["Weight", "Weight (tons)", "Quantity (tons)", "Load weight", "Quantity"],
  body_type: ["Body", "Vehicle type", "Truck type", "Type", "Body style"],
  state: ["State name", "Home state", "Owner state", "Region", "Registered state"],
  from_state: ["Pickup state", "Loading state", "Source state", "Origin state"],
  to_state: ["Drop state", "Unloading state", "Destination state", "Delivery state"],
  from_city: [
    "From",
    "Origin",
    "Source",
    "Pickup",
    "Pickup city",
    "Loading point",
    "Loading city",
    "Base city",
  ],
  to_city: ["To", "Destination", "Drop", "Drop city", "Unloading point", "Unloading city", "Route to"],
  licence_number: ["DL No", "Driving licence", "Driving license number", "Licence", "DL"],
  material: ["Goods", "Commodity", "Cargo", "Product", "Item"],
  pickup_date: ["Date", "Loading date", "Pickup", "Pick up date", "Dispatch date"],
  model_year: ["Year", "Model", "Mfg year", "Manufacturing year", "Year of manufacture", "Make year"],
  kms_driven: ["KMs", "Km driven", "Kilometres", "Kilometers driven", "Odometer", "Running"],
  price: ["Price", "Asking price", "Expected price", "Amount", "Rate", "Cost"],
  location: ["City", "Place", "Location city", "Area"],
  service_category: ["Category", "Service", "Business type", "Type of business", "Member type"],
  name: ["Lead name", "Customer", "Customer name", "Contact person", "Full name"],
  interest: ["Requirement", "Looking for", "Enquiry", "Interested in"],
  status: ["Lead status", "Temperature", "Priority"],
  follow_up_date: ["Follow up", "Next follow up", "Follow-up", "Callback date", "Next call"],
  // Not "Notes": the leads export writes the number of notes under it.
  note: ["Remarks", "Comment", "Comments", "First remark"],
};
