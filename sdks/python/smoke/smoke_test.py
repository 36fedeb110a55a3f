"""Smoke test of the generated Python client against a live Weft.

WEFT_URL names the server (a `weft dev` on the Move devnet: its registry has the chains and assets
the route below asks for). Hand-written, outside the generated files: `.openapi-generator-ignore`
keeps regeneration away from it. Run with the client importable (PYTHONPATH=sdks/python):

    WEFT_URL=http://127.0.0.1:8080 python -m unittest discover -s sdks/python/smoke -p 'smoke_test.py' -v

packages/peer-tools/src/sdk/sdk-smoke.test.ts runs it in CI against a fresh `weft dev`.
"""

import os
import sys
import unittest

import weft_client
from weft_client.exceptions import BadRequestException, NotFoundException

# A well-formed tx hash no tx has.
UNKNOWN_HASH = "00" * 32


class SmokeTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.client = weft_client.ApiClient(weft_client.Configuration(host=os.environ["WEFT_URL"]))

    def busiest_block(self):
        """The block with the most txs among the newest 100 (weft dev has several with 2 or more)."""
        page = weft_client.BlockApi(self.client).list_blocks(pagination_limit=100)
        block = max(page.blocks, key=lambda b: int(b.tx_count))
        self.assertGreaterEqual(int(block.tx_count), 2, "weft dev should have a block with 2+ txs")
        return block

    def test_status(self):
        status = weft_client.StatusApi(self.client).get_status()
        self.assertTrue(status.chain_id)
        self.assertGreater(status.height, 0)

    def test_list_followed_to_the_end(self):
        # One tx a page through a block's txs, next_key to next_key until it is null: a settled
        # block's list never changes, so the walk must see exactly `total` txs, each once.
        block = self.busiest_block()
        txs = weft_client.TxApi(self.client)
        seen, key, pages, total = [], None, 0, None
        while True:
            page = txs.list_txs_by_height(int(block.height), pagination_limit=1, pagination_key=key)
            pages += 1
            total = total if total is not None else int(page.pagination.total)
            seen.extend(tx.txhash for tx in page.txs)
            key = page.pagination.next_key
            if key is None:
                break
            self.assertLess(pages, 1000, "next_key never became null")
        self.assertEqual(len(seen), total)
        self.assertEqual(total, int(block.tx_count))
        self.assertEqual(len(set(seen)), len(seen), "a tx came twice")
        self.assertGreaterEqual(pages, 2)
        print(f"block {block.height}: {len(seen)} txs in {pages} pages, total {total}", file=sys.stderr)

    def test_tx_by_hash(self):
        block = self.busiest_block()
        listed = weft_client.TxApi(self.client).list_txs_by_height(int(block.height)).txs[0]
        found = weft_client.TxApi(self.client).get_tx(listed.txhash).tx
        self.assertEqual(found.txhash, listed.txhash)
        self.assertEqual(found.height, block.height)

    def test_error_bodies(self):
        txs = weft_client.TxApi(self.client)
        with self.assertRaises(NotFoundException) as missing:
            txs.get_tx(UNKNOWN_HASH)
        # The client parses the documented error envelope into the Error model.
        self.assertIsInstance(missing.exception.data, weft_client.Error)
        self.assertEqual(missing.exception.data.code, 5)
        self.assertTrue(missing.exception.data.message)
        with self.assertRaises(BadRequestException) as bad:
            txs.get_tx("not-a-hash")
        self.assertEqual(bad.exception.data.code, 3)
        self.assertIn("tx_hash", bad.exception.data.message)
        # The detail's location under the wire's name: the generator's default escaped it to
        # `var_field` (sdk-targets.ts maps it back).
        self.assertEqual(bad.exception.data.details[0].field, "path.tx_hash")

    def test_route(self):
        # An IBC-transferred asset of the registry, routed from its origin: the first in chain id
        # order (the one the Go smoke test routes too). Its first hop is an IBC transfer.
        assets = weft_client.RouterInfoApi(self.client).get_assets().chain_to_assets_map
        asset = next(
            a
            for chain_id in sorted(assets)
            for a in assets[chain_id].assets
            if a.trace.startswith("transfer/") and a.origin_chain_id != a.chain_id
        )
        route = weft_client.RouterApi(self.client).get_route(
            weft_client.RouteRequest(
                source_asset_chain_id=asset.origin_chain_id,
                source_asset_denom=asset.origin_denom,
                dest_asset_chain_id=asset.chain_id,
                dest_asset_denom=asset.denom,
                amount_in="1000000",
            )
        )
        print(
            f"route {asset.origin_chain_id}/{asset.origin_denom} -> {asset.chain_id}/{asset.denom}:"
            f" {len(route.operations)} operation(s), {route.amount_out} out",
            file=sys.stderr,
        )
        self.assertEqual(route.amount_in, "1000000")
        self.assertEqual(route.chain_ids[0], asset.origin_chain_id)
        self.assertEqual(route.chain_ids[-1], asset.chain_id)
        self.assertGreaterEqual(len(route.operations), 1)
        self.assertIsNotNone(route.operations[0].transfer, "the first hop is an IBC transfer")
        self.assertEqual(route.operations[-1].amount_out, route.amount_out)


if __name__ == "__main__":
    unittest.main()
