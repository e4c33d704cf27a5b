import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every React Router v8 behaviour adopted ahead of the upgrade, so that nothing changes then and the build prints
  // no future-flag warning. v8_passThroughRequests: loaders, actions and middleware get the request as it came
  // (a client navigation's `/Projects.data?_routes=…`); they read the page from the `url` argument, or through
  // app/lib/platform/request-url.ts. v8_trailingSlashAwareDataRequests: the root's data request is `/_.data`.
  // v8_viteEnvironmentApi: the browser's build options live under `environments.client` in vite.config.ts.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
  // Cross-site form posts are refused by our own csrfGuard middleware (app/lib/platform/middleware.server.ts), which
  // answers 403 with a message, covers resource routes too, and accepts a proxy's X-Forwarded-Host.
  // React Router's built-in check would answer a bare 400 first, so it is opened here on purpose
  // (docs/decisions/006-csrf-guard.md).
  allowedActionOrigins: ["**"],
} satisfies Config;
