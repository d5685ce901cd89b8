export * from "./content";
export * from "./logistics";
