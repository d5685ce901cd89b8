/** Valid request bodies for the logistics API, shared by the API tests (app.inject) and the browser tests. */

let phoneCounter = 0;
/** A fresh valid Indian mobile number per call (typed the way people type them). */
export const nextPhone = () =>
  `98${String(Date.now() % 1_000_000).padStart(6, "0")}${String(++phoneCounter % 100).padStart(2, "0")}`;

export const memberBody = (over: Record<string, unknown> = {}) => ({
  first_name: "Ravi",
  last_name: "Kumar",
  phone: nextPhone(),
  company: "Kumar Roadways",
  state: 18,
  service_category: "Lorry Owner",
  ...over,
});

export const loadBody = (contact_no: string, over: Record<string, unknown> = {}) => ({
  contact_no,
  from_city: "Pune",
  from_state: 18,
  to_city: "Chennai",
  to_state: 28,
  material: "Steel coils",
  weight_tons: 18,
  body_type: "Trailer",
  tyres: 14,
  tonnage_band: "10-20",
  pickup_date: "2030-05-01",
  ...over,
});

export const truckBody = (contact_no: string, over: Record<string, unknown> = {}) => ({
  contact_no,
  vehicle_number: "mh 12 ab 1234",
  owner_name: "Ravi Kumar",
  body_type: "Container",
  tyres: 10,
  tonnage_band: "10-20",
  brand: "Tata",
  state: 18,
  from_city: "Pune",
  to_city: "Delhi",
  ...over,
});

export const driverBody = (contact_no: string, over: Record<string, unknown> = {}) => ({
  contact_no,
  driver_name: "Suresh Patil",
  vehicle_number: "MH-12-CD-5678",
  licence_number: "MH14 20110062821",
  state: 18,
  ...over,
});

export const buySellBody = (contact_no: string, over: Record<string, unknown> = {}) => ({
  contact_no,
  owner_name: "Ravi Kumar",
  vehicle_number: "22BH1234AB",
  brand: "Ashok Leyland",
  model_year: 2019,
  kms_driven: 245000,
  price: 1850000,
  location: "Nashik",
  state: 18,
  images: [],
  ...over,
});

export const mediaUrl = (n: number) => `/media/${n.toString(16).padStart(32, "0")}/960.webp`;
