-- Run in the throwaway copy (CREATE DATABASE weft_part_copy_e TEMPLATE weft_bench_dataset_01890f).
-- tx and tx_account again, range-partitioned by sequence in partitions of 100 000 sequences, with the
-- same indexes as far as partitioning allows.
\timing on
CREATE TABLE tx_p (LIKE tx INCLUDING DEFAULTS) PARTITION BY RANGE (sequence);
CREATE TABLE tx_account_p (LIKE tx_account INCLUDING DEFAULTS) PARTITION BY RANGE (sequence);
SELECT format('CREATE TABLE %I PARTITION OF tx_p FOR VALUES FROM (%s) TO (%s)', 'tx_p_' || i, i * 100000, (i + 1) * 100000),
       format('CREATE TABLE %I PARTITION OF tx_account_p FOR VALUES FROM (%s) TO (%s)', 'tx_account_p_' || i, i * 100000, (i + 1) * 100000)
FROM generate_series(0, 10) i \gexec
-- Global uniqueness of the tx hash: refused on a table partitioned by sequence.
CREATE UNIQUE INDEX tx_p_hash_key ON tx_p (hash);
INSERT INTO tx_p SELECT * FROM tx;
INSERT INTO tx_account_p SELECT * FROM tx_account;
ALTER TABLE tx_p ADD PRIMARY KEY (sequence);
CREATE INDEX tx_p_hash_idx ON tx_p (hash);
CREATE INDEX tx_p_height_sequence_idx ON tx_p (height, sequence);
ALTER TABLE tx_account_p ADD PRIMARY KEY (account, sequence);
CREATE INDEX tx_account_p_account_signer_sequence_idx ON tx_account_p (account, signer, sequence);
CREATE INDEX tx_account_p_sequence_idx ON tx_account_p (sequence);
VACUUM ANALYZE tx_p;
VACUUM ANALYZE tx_account_p;
SELECT 'tx_p' AS t, pg_size_pretty(sum(pg_total_relation_size(inhrelid))) FROM pg_inherits WHERE inhparent = 'tx_p'::regclass
UNION ALL SELECT 'tx_account_p', pg_size_pretty(sum(pg_total_relation_size(inhrelid))) FROM pg_inherits WHERE inhparent = 'tx_account_p'::regclass;
