# syntax=docker/dockerfile:1
# HalalNosh's container image (docs/decisions/0239-container-image.md): a build stage with the dev
# dependencies runs `npm ci` and `npm run build`; the runtime stage has only the production
# dependencies, the built folders (dist/, dist-ssr/, build/) and scripts/start.mjs, and runs as the
# base image's unprivileged `node` user (uid 1000). compose.yaml runs two of these behind nginx.
#
# No container engine runs here: scripts/dockerfile-steps.mjs reads this file and runs its steps,
# command for command, in temporary folders, then starts the CMD as an unprivileged user, runs the
# HEALTHCHECK and stops it with SIGTERM (CI runs it: .ci/run). Keep RUN commands on paths relative
# to WORKDIR: that script refuses absolute paths, which would land on its host.

FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json .npmrc ./
# The npm cache is a build cache, never a layer.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime
WORKDIR /app
# Production; the memory settings `npm start` gives the server (docs/decisions/0182-server-memory-on-pglite.md),
# here for the plain `node` of CMD. DATA_DIR is ./data (/app/data): the embedded database, the
# generated keys and, by default, uploads (UPLOAD_DIR) live on the volume below.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    NODE_OPTIONS="--max-old-space-size=512 --max-semi-space-size=4"
COPY package.json package-lock.json .npmrc ./
# Production dependencies only. better-auth names vitest and drizzle-kit as optional peers, so npm
# installs them (with vite, esbuild, rolldown and tsx beneath) even with --omit=dev: nothing at run
# time needs them (docs/decisions/0226-server-bundled-at-build-time.md), so they go.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/esbuild node_modules/@esbuild node_modules/tsx node_modules/vite node_modules/vitest \
      node_modules/@vitest node_modules/rolldown node_modules/@rolldown node_modules/drizzle-kit \
      node_modules/typescript node_modules/.bin
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-ssr ./dist-ssr
COPY --from=build /app/build ./build
COPY scripts/start.mjs ./scripts/start.mjs
# The only folder the server writes: owned by the unprivileged user; everything else stays root's.
RUN mkdir -p data/uploads && chown -R 1000:1000 data
# The base image's `node` user, by number so that an orchestrator can tell it is not root.
USER 1000:1000
VOLUME ["/app/data"]
EXPOSE 3000
# No curl in the slim image: Node asks. 200 from /api/health means the process and its database answer.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))"]
# Exec form: Node itself gets SIGTERM and stops gracefully within SHUTDOWN_TIMEOUT_MS (25 s): give the
# engine a longer stop timeout (compose.yaml: stop_grace_period 30s; `docker run --stop-timeout 30`)
# and an init (compose.yaml: init: true; `docker run --init`: tini, as PID 1, reaps and forwards signals).
STOPSIGNAL SIGTERM
CMD ["node", "build/server/main.mjs"]
