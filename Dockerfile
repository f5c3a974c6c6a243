# SEO Adventure: one image serving the web app and the API.
# Build: docker build -t seo-adventure .   Run: docker run -p 3000:3000 -v seo-data:/data seo-adventure
# With PostgreSQL: docker compose up (compose.yaml).

# --- build: install everything, build the web app and compile the server, drop dev dependencies ---
# Node 24 (LTS); the dependencies need 22.12 or newer (package.json engines).
FROM node:24-bookworm-slim AS build
WORKDIR /app
# Compilers in case a native module (better-sqlite3) has no prebuilt binary for this platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The locked versions, exactly: `npm ci`. Should it refuse a lock that lacks another platform's
# optional packages, `npm install` installs the same versions, and the build stops when that had to
# change the lock (a lock that does not match package.json), as .ci/run does.
RUN cp package-lock.json /tmp/package-lock.json \
  && (npm ci --no-audit --no-fund || npm install --no-audit --no-fund) \
  && cmp -s package-lock.json /tmp/package-lock.json \
  || { echo "package-lock.json does not match package.json: run npm install and commit package-lock.json" >&2; exit 1; }
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: compiled JavaScript only (no TypeScript tooling, compilers or dev dependencies), not root ---
FROM node:24-bookworm-slim
# PUBLIC_URL: the address players open (sign-in checks the browser's origin against it). Unset,
# it is http://localhost:PORT (HOST 0.0.0.0 is shown as localhost); the server refuses to start
# when a PUBLIC_URL names another port than PORT and no proxy (TRUST_PROXY) is configured. With
# `docker run -p`, map the same port on both sides: -p 8080:8080 -e PORT=8080.
# MALLOC_*: glibc malloc settings of npm start (docs/operations.md, memory); node reads them at start.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/content ./content
# The SQLite database, uploads and the generated AUTH_SECRET live in DATA_DIR: keep it on a volume.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The compiled server itself (not `npm start`): everything is already built, and node receives
# SIGTERM directly, so `docker stop` finishes in-flight requests and closes the database cleanly.
# Operations: docker exec CONTAINER node dist/server/admin.js promote ann@example.com (also
# backup.js FILE, restore.js FILE).
# The node flags and MALLOC_* settings are npm start's (package.json; docs/operations.md says why).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=2", "--heap-growing-percent=30", "dist/server/main.js"]
