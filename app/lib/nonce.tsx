/**
 * The per-response Content-Security-Policy nonce, handed from entry.server.tsx to the few inline
 * scripts (Remix's <Scripts>, <ScrollRestoration>, the admin theme boot script). In the browser the
 * value is empty: the nonce attribute only matters in the server's HTML.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** This response's CSP nonce ("" in the browser). */
export function useNonce(): string {
  return useContext(NonceContext);
}
