#!/bin/sh
# SQLite (the default): restore the database from the replica on a fresh volume, then run the app under
# Litestream so every write is replicated. Without a replica configured, plain `npm start`.
# PostgreSQL (DATABASE_URL set, README "Scaling out"): no local database and nothing for Litestream to do; the
# provider replicates and backs up.
set -e
if [ -n "${DATABASE_URL:-}" ]; then
  exec npm start
fi
mkdir -p "$(dirname "${DATABASE_PATH:-/data/app.db}")"
if [ -n "${LITESTREAM_REPLICA_BUCKET:-}" ]; then
  litestream restore -config /app/litestream.yml -if-db-not-exists -if-replica-exists "$DATABASE_PATH"
  exec litestream replicate -config /app/litestream.yml -exec "npm start"
fi
exec npm start
