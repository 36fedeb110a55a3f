\set seq random(1, 1045315)
SELECT data FROM tx_p WHERE hash = (SELECT hash FROM tx WHERE sequence = :seq);
