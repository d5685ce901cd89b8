import type { Services } from "../domain/services";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** The Content-Security-Policy of a page whose inline scripts have these SHA-256 hashes (base64). */
    contentSecurityPolicy(scriptHashes: string[]): string;
    /** Absolute origin used for canonical URLs, e.g. https://www.example.com */
    baseUrl: string;
  }
}

export {};
