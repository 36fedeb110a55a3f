\set seq random(100000, 1045315)
SELECT s.sequence::text AS sequence, t.data FROM (SELECT s.sequence FROM tx_account s WHERE true AND s.account = '\x83f957aa8c40eab94bc514b8a6cdde1eac2461aa'::bytea AND s.sequence < :seq ORDER BY s.sequence DESC LIMIT 21 OFFSET 0) s JOIN tx t ON t.sequence = s.sequence ORDER BY s.sequence DESC;
