/** Option lists of the logistics directory (spec section 3), shared by forms, filters, API and seed. */

/** The 28 states and 5 union territories, alphabetical, values 1-33. */
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
  "SML Lsuzu",
  "Force",
  "AMW",
  "Man",
  "Scania",
  "Volvo",
  "Others",
] as const;

export const blogLanguages = ["English", "Hindi", "Tamil"] as const;
