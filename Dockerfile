# syntax=docker/dockerfile:1.10
# Runway container image (docs/operations.md "Containers"). Three stages:
#   build     – all dependencies, runs `node scripts/build.mjs` (Remix build + widget);
#   prod-deps – `npm ci --omit=dev`: the runtime dependencies only (tsx included, for the CLI);
#   runtime   – the build, public/, the sources the CLI runs with tsx, db/migrations; non-root.
# Build: docker build -t runway .    Check: scripts/docker-check.sh
# An exact release (not the moving `20` tag), so a rebuild gets the same Node; to pin the digest
# too, see docs/operations.md ("Pinning images").
ARG NODE_VERSION=20.18.1

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs

FROM node:${NODE_VERSION}-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# Everything below belongs to root and is read-only for the app user; only /data is writable.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json server.mjs server-app.mjs ./
# The CLI (bin/runway.js) runs the TypeScript sources with tsx: cli/, app/, db/ (with migrations
# and the demo seed, which uses tests/factories).
COPY bin ./bin
COPY cli ./cli
COPY app ./app
COPY db ./db
COPY tests/factories ./tests/factories
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# server.mjs rebuilds when build/.production-build is older than build/index.js; COPY keeps the
# build stage's times, but touching the marker makes "never rebuild in the image" explicit.
RUN touch build/.production-build \
 && ln -s /app/bin/runway.js /usr/local/bin/runway \
 && mkdir -p /data \
 && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness: /healthz answers 200 while the process serves (readiness, /readyz, waits for the database).
# Liveness only (/healthz never waits for the database or the admission gate). 10 s: under 100
# connections on PGlite /healthz answered within 0.1-4.8 s on a shared 2-core machine
# (docs/operations.md "Load shedding"), plus the check's own node start; a busy process is alive.
HEALTHCHECK --interval=15s --timeout=10s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz',{redirect:'manual'}).then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
# node is PID 1: server.mjs handles SIGTERM (closes the database cleanly) itself.
CMD ["node", "server.mjs"]
