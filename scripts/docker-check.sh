#!/usr/bin/env bash
# Builds the image and checks that compose refuses to start wrong and serves the game when set up:
#   1. with an empty .env, `docker compose config` stops with one line naming POSTGRES_PASSWORD;
#   2. the image refuses a PUBLIC_URL on another port than PORT (no proxy) with one clear line;
#   3. with POSTGRES_PASSWORD (one with @ : / # in it) and PORT set, `docker compose up` serves
#      GET /api/health (200) and the start page on that port.
# Needs Docker with the compose plugin. Usage: scripts/docker-check.sh [PORT] (default 3456).
# Uses the repository's compose.yaml and Dockerfile (build: . is the repository) with an .env file
# of its own in a temporary folder and a project name of its own (its volumes), removed at the end.
set -euo pipefail

port="${1:-3456}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
project="seo-adventure-check-$$"
compose() { docker compose -f "$root/compose.yaml" --env-file "$work/.env" -p "$project" "$@"; }
cleanup() {
  compose down -v --remove-orphans >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "docker-check: FAILED: $*" >&2; exit 1; }

echo "1. compose with an empty .env must stop and name POSTGRES_PASSWORD"
: > "$work/.env"
if out="$(compose config 2>&1)"; then fail "compose accepted an empty .env"; fi
grep -q 'POSTGRES_PASSWORD' <<<"$out" || fail "the error does not name POSTGRES_PASSWORD: $out"
echo "   ok: $(grep POSTGRES_PASSWORD <<<"$out" | head -1)"

echo "2. building the image"
docker build -q -t seo-adventure "$root" >/dev/null

echo "3. the image must refuse a PUBLIC_URL on another port than PORT"
if out="$(docker run --rm -e PORT=8080 -e PUBLIC_URL=http://localhost:3000 seo-adventure 2>&1)"; then
  fail "the server started with PUBLIC_URL on 3000 and PORT 8080"
fi
grep -q 'PUBLIC_URL http://localhost:3000 names port 3000 but the server listens on PORT 8080' <<<"$out" \
  || fail "unexpected refusal: $out"
echo "   ok: $(tail -1 <<<"$out")"

echo "4. compose up on port $port with a password"
# Single quotes: the value is taken as written, # included.
printf "POSTGRES_PASSWORD='p@ss:w/rd#%s'\nPORT=%s\n" "$RANDOM" "$port" > "$work/.env"
compose config | grep -q "PUBLIC_URL: http://localhost:$port" \
  || fail "PUBLIC_URL is not derived from PORT"
compose up -d --build >/dev/null
for _ in $(seq 1 90); do
  if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then break; fi
  sleep 2
done
curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null || {
  compose logs app | tail -40
  fail "GET /api/health did not answer 200 on port $port"
}
curl -fsS "http://127.0.0.1:$port/" | grep -q 'SEO Adventure' || fail "the start page is not served"
echo "   ok: /api/health and / answer on port $port"
echo "docker-check: all checks passed"
