import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The nonce that marks the scripts this render writes (server only; see script-hashes.server.ts). */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
