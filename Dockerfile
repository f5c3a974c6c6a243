# SEO Adventure: one image serving the web app and the API.
# Build: docker build -t seo-adventure .   Run: docker run -p 3000:3000 -v seo-data:/data seo-adventure
# With PostgreSQL: docker compose up (compose.yaml).

# --- build: install everything, build the web app, then drop the dev dependencies ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Compilers in case a native module (better-sqlite3) has no prebuilt binary for this platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# The lock is written on one platform and may lack other platforms' optional packages, which
# `npm ci` refuses; `npm install` then installs the same locked versions (as .ci/run does).
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: no compilers, no dev dependencies, not root ---
FROM node:20-bookworm-slim
# PUBLIC_URL: the address players open (sign-in checks the browser's origin against it). Without
# it the server would derive http://0.0.0.0:3000 from HOST, and no browser uses that address.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    PUBLIC_URL=http://localhost:3000
WORKDIR /app
COPY --from=build --chown=root:root /app /app
# The SQLite database, uploads and the generated AUTH_SECRET live in DATA_DIR: keep it on a volume.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server itself (not `npm start`): the web app is already built, and node receives SIGTERM
# directly, so `docker stop` finishes in-flight requests and closes the database cleanly.
CMD ["node_modules/.bin/tsx", "server/main.ts"]
