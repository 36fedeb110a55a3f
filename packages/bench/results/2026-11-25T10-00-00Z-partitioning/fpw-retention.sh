#!/bin/bash
# The retention DELETE again with full_page_writes on (PostgreSQL's default; the shared server of
# this machine runs with it off): a throwaway cluster, tx and tx_account copied from the 1M dataset
# (pg_dump reads it), the oldest 50% of heights deleted, WAL measured, then VACUUM.
set -e
BIN=/usr/lib/postgresql/15/bin
DIR=$(mktemp -d /tmp/weft-fpw-XXXX); chown postgres "$DIR"
PORT=55439
as() { runuser -u postgres -- "$@"; }
as $BIN/initdb -D "$DIR/d" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
as $BIN/pg_ctl -D "$DIR/d" -l "$DIR/log" -w start -o "-h 127.0.0.1 -p $PORT -k $DIR -c fsync=off -c max_wal_size=4GB" >/dev/null
trap 'as $BIN/pg_ctl -D "$DIR/d" -m immediate stop >/dev/null; rm -rf "$DIR"' EXIT
P="psql -h 127.0.0.1 -p $PORT -U postgres -X"
$P -Atc "show full_page_writes"
time (pg_dump -h 127.0.0.1 -U postgres -t tx -t tx_account weft_bench_dataset_01890f | $P -q >/dev/null)
$P -c "VACUUM ANALYZE" -c "ALTER TABLE tx SET (autovacuum_enabled = false)" -c "ALTER TABLE tx_account SET (autovacuum_enabled = false)"
$P <<'SQL'
\timing on
SELECT pg_size_pretty(pg_total_relation_size('tx')) AS tx, pg_size_pretty(pg_total_relation_size('tx_account')) AS tx_account;
CHECKPOINT;
SELECT pg_current_wal_lsn() AS l \gset
DELETE FROM tx_account WHERE sequence <= 519703;
SELECT pg_size_pretty(pg_current_wal_lsn() - :'l') AS wal_delete_tx_account; SELECT pg_current_wal_lsn() AS l \gset
DELETE FROM tx WHERE height <= 11413;
SELECT pg_size_pretty(pg_current_wal_lsn() - :'l') AS wal_delete_tx; SELECT pg_current_wal_lsn() AS l \gset
VACUUM tx, tx_account;
SELECT pg_size_pretty(pg_current_wal_lsn() - :'l') AS wal_vacuum;
SELECT pg_size_pretty(pg_total_relation_size('tx')) AS tx_after, pg_size_pretty(pg_total_relation_size('tx_account')) AS tx_account_after;
SQL
