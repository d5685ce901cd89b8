import type { Services } from "#domain/services.ts";
import type { PostPageForm } from "#server/page-forms.ts";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** The Content-Security-Policy of a page whose inline scripts have these SHA-256 hashes (base64). */
    contentSecurityPolicy(scriptHashes: string[]): string;
    /** Absolute origin used for canonical URLs, e.g. https://www.example.com */
    baseUrl: string;
    /** Posts a page's form to its public API route in-process, as this request's visitor (server/page-forms.ts). */
    postPageForm: PostPageForm;
  }
}

export {};
