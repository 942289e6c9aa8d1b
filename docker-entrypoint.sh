#!/bin/sh
# Restore the database from the replica on a fresh volume, then run the app under Litestream so every write
# is replicated. Without a replica configured, plain `npm start`.
set -e
mkdir -p "$(dirname "${DATABASE_PATH:-/data/app.db}")"
if [ -n "${LITESTREAM_REPLICA_BUCKET:-}" ]; then
  litestream restore -config /app/litestream.yml -if-db-not-exists -if-replica-exists "$DATABASE_PATH"
  exec litestream replicate -config /app/litestream.yml -exec "npm start"
fi
exec npm start
