\set h random(1, 22827)
SELECT s.sequence::text AS sequence, t.data FROM (SELECT DISTINCT s.sequence FROM tx_p s WHERE true AND s.height = :h ORDER BY s.sequence DESC LIMIT 21 OFFSET 0) s JOIN tx_p t ON t.sequence = s.sequence ORDER BY s.sequence DESC;
