import { useRouteLoaderData } from "react-router";
import type { rootLoader } from "./root-loader.server";

/**
 * The root route's data for the rest of the app: the current member, the public configuration, the flash
 * message. Screens and components import it from here, never from the root module itself.
 */
export type RootData = Awaited<ReturnType<typeof rootLoader>>;

/** The root loader's data from anywhere in the tree (null inside the root error boundary). */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root") ?? null;
}
