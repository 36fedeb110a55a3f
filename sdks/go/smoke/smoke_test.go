// Smoke test of the generated Go client against a live Weft.
//
// WEFT_URL names the server (a `weft dev` on the Move devnet: its registry has the chains and
// assets the route below asks for). Hand-written, outside the generated files:
// `.openapi-generator-ignore` keeps regeneration away from it. Run from sdks/go:
//
//	WEFT_URL=http://127.0.0.1:8080 go test ./smoke/ -v
//
// packages/peer-tools/src/sdk/sdk-smoke.test.ts runs it in CI against a fresh `weft dev`.
package smoke

import (
	"context"
	"errors"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	weft "github.com/weft/weft-go"
)

// A well-formed tx hash no tx has.
var unknownHash = strings.Repeat("00", 32)

func client(t *testing.T) *weft.APIClient {
	t.Helper()
	url := os.Getenv("WEFT_URL")
	if url == "" {
		t.Fatal("WEFT_URL is not set: the smoke test needs a live Weft")
	}
	cfg := weft.NewConfiguration()
	cfg.Servers = weft.ServerConfigurations{{URL: url}}
	return weft.NewAPIClient(cfg)
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("not a decimal: %q", s)
	}
	return n
}

// The block with the most txs among the newest 100 (weft dev has several with 2 or more).
func busiestBlock(t *testing.T, c *weft.APIClient) weft.Block {
	t.Helper()
	page, _, err := c.BlockAPI.ListBlocks(context.Background()).PaginationLimit(100).Execute()
	if err != nil {
		t.Fatalf("list blocks: %v", err)
	}
	best := page.Blocks[0]
	for _, b := range page.Blocks {
		if atoi(t, b.TxCount) > atoi(t, best.TxCount) {
			best = b
		}
	}
	if atoi(t, best.TxCount) < 2 {
		t.Fatalf("weft dev should have a block with 2+ txs; the busiest has %s", best.TxCount)
	}
	return best
}

func TestStatus(t *testing.T) {
	status, res, err := client(t).StatusAPI.GetStatus(context.Background()).Execute()
	if err != nil {
		t.Fatalf("status: %v", err)
	}
	if res.StatusCode != http.StatusOK || status.ChainId == "" || status.Height <= 0 {
		t.Fatalf("status %d: %+v", res.StatusCode, status)
	}
}

// One tx a page through a block's txs, next_key to next_key until it is null: a settled block's
// list never changes, so the walk must see exactly `total` txs, each once.
func TestListFollowedToTheEnd(t *testing.T) {
	c := client(t)
	block := busiestBlock(t, c)
	height, _ := strconv.Atoi(block.Height)
	seen := map[string]bool{}
	count, pages, total := 0, 0, -1
	key := ""
	for {
		req := c.TxAPI.ListTxsByHeight(context.Background(), int32(height)).PaginationLimit(1)
		if key != "" {
			req = req.PaginationKey(key)
		}
		page, _, err := req.Execute()
		if err != nil {
			t.Fatalf("page %d: %v", pages+1, err)
		}
		pages++
		if total < 0 {
			total = atoi(t, page.Pagination.Total)
		}
		for _, tx := range page.Txs {
			if seen[tx.Txhash] {
				t.Fatalf("tx %s came twice", tx.Txhash)
			}
			seen[tx.Txhash] = true
			count++
		}
		next := page.Pagination.NextKey.Get()
		if next == nil {
			break
		}
		if pages >= 1000 {
			t.Fatal("next_key never became null")
		}
		key = *next
	}
	if count != total || total != atoi(t, block.TxCount) || pages < 2 {
		t.Fatalf("walked %d txs in %d pages; total %d; block tx_count %s", count, pages, total, block.TxCount)
	}
	t.Logf("block %s: %d txs in %d pages, total %d", block.Height, count, pages, total)
}

func TestTxByHash(t *testing.T) {
	c := client(t)
	block := busiestBlock(t, c)
	height, _ := strconv.Atoi(block.Height)
	page, _, err := c.TxAPI.ListTxsByHeight(context.Background(), int32(height)).Execute()
	if err != nil {
		t.Fatalf("list: %v", err)
	}
	listed := page.Txs[0]
	found, _, err := c.TxAPI.GetTx(context.Background(), listed.Txhash).Execute()
	if err != nil {
		t.Fatalf("tx %s: %v", listed.Txhash, err)
	}
	if found.Tx.Txhash != listed.Txhash || found.Tx.Height != block.Height {
		t.Fatalf("asked %s at %s, got %s at %s", listed.Txhash, block.Height, found.Tx.Txhash, found.Tx.Height)
	}
}

// The documented error envelope of a failed call, parsed by the client.
func errorBody(t *testing.T, err error, res *http.Response, status int) weft.ModelError {
	t.Helper()
	var apiErr *weft.GenericOpenAPIError
	if !errors.As(err, &apiErr) || res == nil || res.StatusCode != status {
		t.Fatalf("want an API error with status %d, got %v (%v)", status, err, res)
	}
	body, ok := apiErr.Model().(weft.ModelError)
	if !ok {
		t.Fatalf("the error body was not parsed as the error envelope: %s", apiErr.Body())
	}
	return body
}

func TestErrorBodies(t *testing.T) {
	c := client(t)
	_, res, err := c.TxAPI.GetTx(context.Background(), unknownHash).Execute()
	missing := errorBody(t, err, res, http.StatusNotFound)
	if missing.Code != 5 || missing.Message == "" {
		t.Fatalf("unknown hash: %+v", missing)
	}
	_, res, err = c.TxAPI.GetTx(context.Background(), "not-a-hash").Execute()
	bad := errorBody(t, err, res, http.StatusBadRequest)
	if bad.Code != 3 || !strings.Contains(bad.Message, "tx_hash") {
		t.Fatalf("malformed hash: %+v", bad)
	}
}

// An IBC-transferred asset of the registry, routed from its origin: one transfer hop.
func TestRoute(t *testing.T) {
	c := client(t)
	assets, _, err := c.RouterInfoAPI.GetAssets(context.Background()).Execute()
	if err != nil {
		t.Fatalf("assets: %v", err)
	}
	// The first such asset in chain id order: the same one the Python smoke test routes.
	chainIds := make([]string, 0, len(assets.ChainToAssetsMap))
	for id := range assets.ChainToAssetsMap {
		chainIds = append(chainIds, id)
	}
	sort.Strings(chainIds)
	var asset *weft.Asset
	for _, id := range chainIds {
		chain := assets.ChainToAssetsMap[id]
		for i, a := range chain.Assets {
			if asset == nil && strings.HasPrefix(a.Trace, "transfer/") && a.OriginChainId != a.ChainId {
				asset = &chain.Assets[i]
			}
		}
	}
	if asset == nil {
		t.Fatal("the registry lists no IBC-transferred asset")
	}
	request := weft.NewRouteRequest(asset.OriginDenom, asset.OriginChainId, asset.Denom, asset.ChainId)
	request.SetAmountIn("1000000")
	route, _, err := c.RouterAPI.GetRoute(context.Background()).RouteRequest(*request).Execute()
	if err != nil {
		t.Fatalf("route %s/%s -> %s/%s: %v", asset.OriginChainId, asset.OriginDenom, asset.ChainId, asset.Denom, err)
	}
	ops := route.Operations
	if route.AmountIn != "1000000" || len(ops) == 0 || route.ChainIds[0] != asset.OriginChainId ||
		route.ChainIds[len(route.ChainIds)-1] != asset.ChainId {
		t.Fatalf("route: %+v", route)
	}
	t.Logf("route %s/%s -> %s/%s: %d operation(s), %s out", asset.OriginChainId, asset.OriginDenom,
		asset.ChainId, asset.Denom, len(ops), route.AmountOut)
	if ops[0].Transfer == nil {
		t.Fatalf("the first hop is not an IBC transfer: %+v", ops[0])
	}
	if ops[len(ops)-1].AmountOut == nil || *ops[len(ops)-1].AmountOut != route.AmountOut {
		t.Fatalf("the last hop's amount_out is not the route's %s", route.AmountOut)
	}
}
