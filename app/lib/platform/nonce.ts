import { createContext as createReactContext, useContext } from "react";

const NonceReactContext = createReactContext("");
export const NonceProvider = NonceReactContext.Provider;
export function useNonce() {
  return useContext(NonceReactContext);
}
