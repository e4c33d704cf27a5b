import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: { v8_middleware: true },
  // Cross-site form posts are refused by our own csrfGuard middleware (app/lib/platform/middleware.server.ts), which
  // answers 403 with a message, covers resource routes too, and accepts a proxy's X-Forwarded-Host.
  // React Router's built-in check would answer a bare 400 first, so it is opened here on purpose
  // (docs/decisions/006-csrf-guard.md).
  allowedActionOrigins: ["**"],
} satisfies Config;
