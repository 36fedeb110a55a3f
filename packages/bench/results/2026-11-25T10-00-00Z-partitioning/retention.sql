-- Retention on the throwaway copy: delete the oldest 50% of heights (<= 11413 of 22827) from every
-- history table, then VACUUM; against dropping the partitions of the partitioned copies (tx_p,
-- tx_account_p, partitions of 100 000 sequences: 0..4 hold sequences < 500 000, i.e. heights up to
-- ~10 970). WAL is pg_current_wal_lsn() before and after: cluster-wide (other databases of this
-- server add to it), and this server runs full_page_writes=off, so the figures are lower bounds.
\timing on
SELECT format('ALTER TABLE %I SET (autovacuum_enabled = false)', relname) FROM pg_class
 WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' \gexec
SELECT max(sequence) AS tx_cut FROM tx WHERE height <= 11413 \gset
SELECT max(sequence) AS evm_cut FROM evm_tx WHERE height <= 11413 \gset
SELECT max(sequence) AS itx_cut FROM evm_internal_tx WHERE height <= 11413 \gset
\echo tx_cut :tx_cut evm_cut :evm_cut itx_cut :itx_cut
CREATE TEMP TABLE sizes AS SELECT relname, pg_total_relation_size(oid) AS before FROM pg_class
 WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'
   AND relname IN ('block','tx','tx_account','tx_account_msg_type','tx_msg_type','evm_tx','evm_tx_account','evm_internal_tx','evm_internal_tx_account','nft_tx');
CHECKPOINT;
SELECT pg_current_wal_lsn() AS lsn0, clock_timestamp() AS t0 \gset
BEGIN;
SELECT pg_current_wal_lsn() AS l \gset
DELETE FROM tx_account WHERE sequence <= :tx_cut;
SELECT pg_size_pretty(pg_current_wal_lsn() - :'l') AS wal_tx_account; SELECT pg_current_wal_lsn() AS l \gset
DELETE FROM tx_account_msg_type WHERE sequence <= :tx_cut;
SELECT pg_size_pretty(pg_current_wal_lsn() - :'l') AS wal_tx_account_msg_type; SELECT pg_current_wal_lsn() AS l \gset
DELETE FROM tx_msg_type WHERE sequence <= :tx_cut;
SELECT pg_size_pretty(pg_current_wal_lsn() - :'l') AS wal_tx_msg_type; SELECT pg_current_wal_lsn() AS l \gset
DELETE FROM tx WHERE height <= 11413;
SELECT pg_size_pretty(pg_current_wal_lsn() - :'l') AS wal_tx; SELECT pg_current_wal_lsn() AS l \gset
DELETE FROM evm_tx_account WHERE sequence <= :evm_cut;
DELETE FROM evm_tx WHERE height <= 11413;
DELETE FROM evm_internal_tx_account WHERE sequence <= :itx_cut;
DELETE FROM evm_internal_tx WHERE height <= 11413;
DELETE FROM nft_tx WHERE height <= 11413;
DELETE FROM block WHERE height <= 11413;
SELECT pg_size_pretty(pg_current_wal_lsn() - :'l') AS wal_evm_nft_block;
COMMIT;
SELECT pg_size_pretty(pg_current_wal_lsn() - :'lsn0') AS delete_wal, clock_timestamp() - :'t0' AS delete_wall;
SELECT relname, pg_size_pretty(before) AS before, pg_size_pretty(pg_total_relation_size(relname::regclass)) AS after_delete FROM sizes ORDER BY before DESC;
-- What is left for (auto)vacuum: dead tuples until it runs; the files do not shrink after it either.
SELECT pg_current_wal_lsn() AS lsn1, clock_timestamp() AS t1 \gset
VACUUM (VERBOSE OFF) block, tx, tx_account, tx_account_msg_type, tx_msg_type, evm_tx, evm_tx_account, evm_internal_tx, evm_internal_tx_account, nft_tx;
SELECT pg_size_pretty(pg_current_wal_lsn() - :'lsn1') AS vacuum_wal, clock_timestamp() - :'t1' AS vacuum_wall;
SELECT relname, pg_size_pretty(before) AS before, pg_size_pretty(pg_total_relation_size(relname::regclass)) AS after_vacuum,
       (SELECT n_live_tup FROM pg_stat_user_tables u WHERE u.relname = sizes.relname) AS live
  FROM sizes ORDER BY before DESC;
SELECT pg_size_pretty(sum(before)) AS before_total, pg_size_pretty(sum(pg_total_relation_size(relname::regclass))) AS after_vacuum_total FROM sizes;

-- The partitioned copies: the same cut, as partitions, is a catalog change.
SELECT pg_size_pretty(sum(pg_total_relation_size(inhrelid))) AS dropped_size FROM pg_inherits
 WHERE inhrelid::regclass::text ~ '^(tx_p|tx_account_p)_[0-4]$';
CHECKPOINT;
SELECT pg_current_wal_lsn() AS lsn2, clock_timestamp() AS t2 \gset
BEGIN;
DROP TABLE tx_p_0, tx_p_1, tx_p_2, tx_p_3, tx_p_4, tx_account_p_0, tx_account_p_1, tx_account_p_2, tx_account_p_3, tx_account_p_4;
COMMIT;
SELECT pg_size_pretty(pg_current_wal_lsn() - :'lsn2') AS drop_wal, clock_timestamp() - :'t2' AS drop_wall;
