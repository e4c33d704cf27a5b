import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadRenderedParts } from "./components/lazy-part";

// React Router's own client entry, but hydration waits for the chunks of the lazy parts the server rendered
// open (decision 064). The route modules, which declare those parts, are evaluated by the time the document's
// route-modules script has set __reactRouterRouteModules (app/lib/platform/paint-first.server.ts imports this entry
// alongside them).
function routeModulesEvaluated(): Promise<void> {
  return new Promise((resolve) => {
    const check = () =>
      (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules
        ? resolve()
        : setTimeout(check, 0);
    check();
  });
}

routeModulesEvaluated()
  .then(() => loadRenderedParts())
  .finally(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  });
