# syntax=docker/dockerfile:1
# The same thing `npm start` runs: the supervised launcher (scripts/start.ts) with the production build of the
# app behind its own server (bundled at build time to build/app-server.js), and the embedded reference API with its seeded SQLite database
# (created on first start in /app/data; mount a volume there to keep it). Set API_BASE_URL (and
# SESSION_SECRET) to run the app alone against a real API. If the app or the API dies, the launcher stops the
# other and exits non-zero: run the container with a restart policy (`--restart unless-stopped`).

ARG NODE_IMAGE=node:22-bookworm-slim

# --- dependencies (better-sqlite3 compiles from source when no prebuilt binary fits) ---
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# --- production build ---
FROM deps AS build
COPY . .
RUN npm run build \
  && npm prune --omit=dev --no-audit --no-fund

# --- runtime ---
FROM ${NODE_IMAGE} AS runtime
# Inside a container the app must listen on every interface to be reachable through the published port.
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/upstream ./upstream
COPY --from=build --chown=node:node /app/contract ./contract
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/tsconfig.json ./tsconfig.json
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/Login').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# One Node process as PID 1 (no npx/tsx wrapper in between): it receives the container's SIGTERM itself.
CMD ["node", "--import", "tsx", "scripts/start.ts"]
