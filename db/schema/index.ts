export * from "./auth";
export * from "./content";
export * from "./logistics";
export * from "./media";
export * from "./limits";
export * from "./blog";
export * from "./trash";
