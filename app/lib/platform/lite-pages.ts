import { createContext as createReactContext, useContext } from "react";

/**
 * Lite pages: the same screens with no script at all (the no-JavaScript forms and dialogs every screen already
 * has), for slow phones and metered connections. A browser that asks to save data (`Save-Data: on`) gets them
 * unless the member switched them off; a member can also switch them on from Settings or the lite banner. The
 * choice is a cookie of this browser (not an account setting): the same member may want them on the phone only.
 */
export const LITE_COOKIE = "lite";

export function litePagesFrom(request: Request): boolean {
  const cookie = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LITE_COOKIE}=`));
  if (cookie) return cookie === `${LITE_COOKIE}=on`;
  return (request.headers.get("Save-Data") ?? "").trim().toLowerCase() === "on";
}

const LitePagesReactContext = createReactContext(false);
export const LitePagesProvider = LitePagesReactContext.Provider;
/** True while rendering a lite page on the server; always false in a browser that runs the app's script. */
export function useLitePages() {
  return useContext(LitePagesReactContext);
}
