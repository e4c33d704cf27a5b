# syntax=docker/dockerfile:1
# Two images from one file (decision 109):
#   docker build -t project-leads .                          the app (the default, last stage): the production build
#                                                            behind its own server, without the API's dependencies
#   docker build -t project-leads-api --target api .         the reference API (upstream/) with its SQLite database
# The app needs API_BASE_URL and SESSION_SECRET; README.md ("Docker") runs the two side by side. Each image runs one
# Node process as PID 1 (no npm or tsx wrapper in between), which receives the container's SIGTERM itself: run both
# with a restart policy (`--restart unless-stopped`).

ARG NODE_IMAGE=node:22-bookworm-slim

# --- compilers: better-sqlite3 compiles from source when no prebuilt binary fits ---
FROM ${NODE_IMAGE} AS toolchain
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

# --- the app's production build (every dependency of the workspace, dev included) ---
FROM toolchain AS build
COPY package.json package-lock.json ./
COPY upstream/package.json ./upstream/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- the app's run-time dependencies, without the API's ---
# `npm ci --omit=dev` on the workspace's lockfile would still install what the API needs at run time and a dev tool
# of the app also reaches (nodemailer through the mail catcher, tsx): the lockfile marks those as needed in
# production. Dropping the workspace from the manifest first makes npm write the app's own lockfile: the API's
# entries go and the rest keep their locked versions; nothing is resolved again.
FROM ${NODE_IMAGE} AS app-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm pkg delete workspaces \
  && npm install --package-lock-only --ignore-scripts --no-audit --no-fund \
  && npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# --- the reference API's run-time dependencies (the workspace's production dependencies, not the app's) ---
FROM toolchain AS api-deps
COPY package.json package-lock.json ./
COPY upstream/package.json ./upstream/
# better-sqlite3's build script runs: package.json's allowScripts approves it.
RUN npm ci --omit=dev --workspace=upstream --no-audit --no-fund

# --- the reference API image: `docker build --target api` ---
FROM ${NODE_IMAGE} AS api
# Inside a container the API must listen on every interface to be reachable from the app's container. Without
# SMTP_URL it refuses to start in production; MAIL_HOLD=1 keeps its mail in the outbox instead (docs/email.md).
ENV NODE_ENV=production UPSTREAM_PORT=3001 UPSTREAM_HOST=0.0.0.0 UPSTREAM_DB=/app/data/reference.sqlite
WORKDIR /app
COPY --from=api-deps --chown=node:node /app/package.json ./
COPY --from=api-deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node tsconfig.json ./
COPY --chown=node:node contract ./contract
COPY --chown=node:node upstream ./upstream
RUN mkdir -p /app/data && chown node:node /app/data
USER node
# The database, created and seeded on first start (SEED_PROJECTS, 20,000 by default: about a minute).
VOLUME ["/app/data"]
EXPOSE 3001
HEALTHCHECK --interval=30s --timeout=5s --start-period=180s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.UPSTREAM_PORT||3001)+'/api/frontend/V1/Health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "upstream/main.ts"]

# --- the app image (the default target) ---
FROM ${NODE_IMAGE} AS app
# Inside a container the app must listen on every interface to be reachable through the published port. The heap
# cap of decision 008 (override NODE_OPTIONS to change it).
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 NODE_OPTIONS=--max-old-space-size=160
WORKDIR /app
COPY --from=app-deps --chown=node:node /app/package.json ./
COPY --from=app-deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/Login').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "build/app-server.js"]
