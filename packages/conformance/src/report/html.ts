/**
 * One self-contained HTML page (inline CSS, no scripts, no external assets), so it can be archived
 * as a CI artifact and opened anywhere: verdict, per-class summary, a per-endpoint matrix (checks
 * by kind), every failure with its request and response excerpt, skips grouped by reason, and the
 * test data the run discovered.
 */
import { CHECK_KINDS, type CheckResult, type ConformanceReport, FEATURE_CLASSES } from "../types.js";
import { escapeXml as esc } from "./escape.js";
import { skipReasons } from "./summary.js";

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:16px 24px;color:#1d2125}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #e1e4e8;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n{text-align:right}code,pre{font:12px ui-monospace,monospace}
pre{background:#f6f8fa;padding:8px;overflow:auto;white-space:pre-wrap;word-break:break-all;max-height:240px}
.verdict{display:inline-block;padding:4px 10px;border-radius:4px;font-weight:600;color:#fff}
.verdict.ok{background:#1a7f37}.verdict.bad{background:#cf222e}
.pass{background:#dafbe1}.fail{background:#ffebe9;font-weight:600}.skip{background:#fff8c5}.none{color:#8c959f}
article.failure{border:1px solid #ffcecb;border-left:4px solid #cf222e;padding:8px 12px;margin:10px 0}
article.failure h3{font-size:14px;margin:0 0 4px}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0}
dt{color:#57606a}dd{margin:0}`;

function cell(results: CheckResult[]): string {
  if (results.length === 0) return '<td class="none">–</td>';
  const count = (s: string) => results.filter((r) => r.status === s).length;
  const [pass, fail, skip] = [count("pass"), count("fail"), count("skip")];
  const cls = fail > 0 ? "fail" : pass > 0 ? "pass" : "skip";
  const label = [pass && `${pass}✓`, fail && `${fail}✗`, skip && `${skip} skip`].filter(Boolean).join(" ");
  const title = results
    .map((r) => `${r.status.toUpperCase()} ${r.id}${r.reason ? `: ${r.reason}` : ""}`)
    .join("\n");
  return `<td class="${cls}" title="${esc(title)}">${label}</td>`;
}

function matrix(report: ConformanceReport): string {
  const kinds = CHECK_KINDS.filter((k) => report.results.some((r) => r.kind === k && r.operationId));
  const rows = report.operations.map((op) => {
    const own = report.results.filter((r) => r.operationId === op.operationId);
    return `<tr data-operation="${esc(op.operationId)}"><td><code>${esc(op.method)} ${esc(op.path)}</code><br>${esc(op.operationId)}</td><td>${op.class}</td>${kinds
      .map((k) => cell(own.filter((r) => r.kind === k)))
      .join("")}</tr>`;
  });
  return `<table id="endpoint-matrix"><thead><tr><th>operation</th><th>class</th>${kinds.map((k) => `<th>${k}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function failure(r: CheckResult): string {
  const exchanges = r.exchanges
    .map(
      (e) =>
        `<p><strong>Request</strong> <code>${esc(e.method)} ${esc(e.url)}</code><br><strong>Response</strong> <code>${e.status} ${esc(e.contentType)}</code> in ${e.durationMs} ms</p><pre>${esc(e.bodyExcerpt)}</pre>`,
    )
    .join("");
  return `<article class="failure" id="${esc(r.id)}"><h3>${esc(r.id)} <small>(${r.class})</small></h3><p>${esc(r.title)}</p><p><strong>Why:</strong> ${esc(r.reason ?? "")}</p>${exchanges}</article>`;
}

export function toHtml(report: ConformanceReport): string {
  const failures = report.results.filter((r) => r.status === "fail");
  const classRows = FEATURE_CLASSES.map((c) => {
    const s = report.summary[c];
    return `<tr data-class="${c}"><td>${c}</td><td class="n pass">${s.pass}</td><td class="n ${s.fail ? "fail" : ""}">${s.fail}</td><td class="n skip">${s.skip}</td></tr>`;
  }).join("");
  const skips = skipReasons(report.results)
    .map(
      (s) =>
        `<li><strong>${s.ids.length}</strong> × ${esc(s.reason)}<details><summary>checks</summary><code>${s.ids.map(esc).join("<br>")}</code></details></li>`,
    )
    .join("");
  const all = report.results
    .map(
      (r) =>
        `<tr class="${r.status}"><td><code>${esc(r.id)}</code></td><td>${r.class}</td><td>${r.status}</td><td>${esc(r.reason ?? "")}</td><td class="n">${r.durationMs}</td></tr>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Weft conformance: ${report.ok ? "conforms" : "does not conform"}</title><style>${STYLE}</style></head>
<body>
<header><h1>Weft conformance report</h1>
<span id="verdict" class="verdict ${report.ok ? "ok" : "bad"}">${report.ok ? "CONFORMS" : `DOES NOT CONFORM (${failures.length} failed)`}</span>
<dl><dt>indexer</dt><dd><code>${esc(report.indexerUrl)}</code></dd>${report.routerUrl ? `<dt>router</dt><dd><code>${esc(report.routerUrl)}</code></dd>` : ""}
<dt>profile</dt><dd>${report.profile}</dd><dt>started</dt><dd>${esc(report.startedAt)}</dd><dt>duration</dt><dd>${(report.durationMs / 1000).toFixed(1)} s, ${report.results.length} checks</dd></dl></header>
<section><h2>By feature class</h2><table id="class-summary"><thead><tr><th>class</th><th>pass</th><th>fail</th><th>skip</th></tr></thead><tbody>${classRows}</tbody></table></section>
<section><h2>Per endpoint</h2>${matrix(report)}</section>
<section id="failures"><h2>Failures (${failures.length})</h2>${failures.length ? failures.map(failure).join("") : "<p>None.</p>"}</section>
<section id="skips"><h2>Skipped, by reason</h2>${skips ? `<ul>${skips}</ul>` : "<p>None.</p>"}</section>
<section><h2>Test data discovered on the deployment</h2><pre id="discovery">${esc(JSON.stringify(report.discovery, null, 2))}</pre></section>
<section><h2>All checks</h2><table id="all-checks"><thead><tr><th>check</th><th>class</th><th>status</th><th>reason / note</th><th>ms</th></tr></thead><tbody>${all}</tbody></table></section>
</body></html>
`;
}
