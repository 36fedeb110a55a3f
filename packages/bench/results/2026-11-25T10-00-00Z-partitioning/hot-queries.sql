-- The indexer's hot list queries, as sequencePageSql (indexer/sequence-page.ts) writes them, on the
-- tables named by :tx and :txa (tx, tx_account; or the partitioned copies tx_p, tx_account_p).
-- Each runs twice; the second (warm) EXPLAIN (ANALYZE, BUFFERS) is the one to read.
-- Accounts: \xe25a...0e28 is in 789 013 txs, \x83f9...61aa in 113 998.
\set big '\'\\xe25a30691e834362c8aff9b08e444b3664740e28\'::bytea'
\set mid '\'\\x83f957aa8c40eab94bc514b8a6cdde1eac2461aa\'::bytea'
\set hash '(SELECT hash FROM tx WHERE sequence = 500000)'

\echo '== Q1 /txs first page (newest 20)'
\set q 'SELECT s.sequence::text AS sequence, t.data FROM (SELECT s.sequence FROM ' :tx ' s WHERE true ORDER BY s.sequence DESC LIMIT 21 OFFSET 0) s JOIN ' :tx ' t ON t.sequence = s.sequence ORDER BY s.sequence DESC'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;

\echo '== Q2 /txs deep page by key (sequence < 100000)'
\set q 'SELECT s.sequence::text AS sequence, t.data FROM (SELECT s.sequence FROM ' :tx ' s WHERE true AND s.sequence < 100000 ORDER BY s.sequence DESC LIMIT 21 OFFSET 0) s JOIN ' :tx ' t ON t.sequence = s.sequence ORDER BY s.sequence DESC'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;

\echo '== Q3 /txs/by_account (789k-tx account) first page'
\set q 'SELECT s.sequence::text AS sequence, t.data FROM (SELECT s.sequence FROM ' :txa ' s WHERE true AND s.account = ' :big ' ORDER BY s.sequence DESC LIMIT 21 OFFSET 0) s JOIN ' :tx ' t ON t.sequence = s.sequence ORDER BY s.sequence DESC'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;

\echo '== Q4 /txs/by_account (789k-tx account) deep page by key (sequence < 100000)'
\set q 'SELECT s.sequence::text AS sequence, t.data FROM (SELECT s.sequence FROM ' :txa ' s WHERE true AND s.account = ' :big ' AND s.sequence < 100000 ORDER BY s.sequence DESC LIMIT 21 OFFSET 0) s JOIN ' :tx ' t ON t.sequence = s.sequence ORDER BY s.sequence DESC'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;

\echo '== Q5 /txs/by_account (114k-tx account) first page'
\set q 'SELECT s.sequence::text AS sequence, t.data FROM (SELECT s.sequence FROM ' :txa ' s WHERE true AND s.account = ' :mid ' ORDER BY s.sequence DESC LIMIT 21 OFFSET 0) s JOIN ' :tx ' t ON t.sequence = s.sequence ORDER BY s.sequence DESC'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;

\echo '== Q6 /txs/by_account (114k-tx account) deep page by key (sequence < 100000)'
\set q 'SELECT s.sequence::text AS sequence, t.data FROM (SELECT s.sequence FROM ' :txa ' s WHERE true AND s.account = ' :mid ' AND s.sequence < 100000 ORDER BY s.sequence DESC LIMIT 21 OFFSET 0) s JOIN ' :tx ' t ON t.sequence = s.sequence ORDER BY s.sequence DESC'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;

\echo '== Q7 /txs/by_height/11000'
\set q 'SELECT s.sequence::text AS sequence, t.data FROM (SELECT DISTINCT s.sequence FROM ' :tx ' s WHERE true AND s.height = 11000 ORDER BY s.sequence DESC LIMIT 21 OFFSET 0) s JOIN ' :tx ' t ON t.sequence = s.sequence ORDER BY s.sequence DESC'
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;

\echo '== Q8 /txs/{hash}'
\set q 'SELECT data FROM ' :tx ' WHERE hash = ' :hash
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;

\echo '== Q9 count_total of /txs (max(sequence))'
\set q 'SELECT coalesce(max(sequence), 0)::text AS n FROM ' :tx
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;
EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) :q;
