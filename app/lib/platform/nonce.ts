import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/** The per-request CSP nonce: set by the security middleware, read by entry.server and the document. */
export const nonceContext = createContext<string>("");

const NonceReactContext = createReactContext("");
export const NonceProvider = NonceReactContext.Provider;
export function useNonce() {
  return useContext(NonceReactContext);
}
