import type { Services } from "../domain/services";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    cspNonce: string;
    /** Absolute origin used for canonical URLs, e.g. https://www.example.com */
    baseUrl: string;
  }
}

export {};
