/**
 * Reports of differential mode, in the formats of `--report`: a terminal summary (compared
 * requests and responses, then differences and accepted ones grouped by cause: endpoint, place and
 * kind, with a count and one example), JSON (the report itself, every difference and the groups),
 * JUnit (one test case per compared request) and one self-contained HTML page with an endpoint x
 * difference-kind matrix, the groups and every difference.
 */

import type { DifferenceGroup } from "../difference-groups.js";
import { DIFFERENCE_KINDS } from "../json-diff.js";
import type { Difference, DifferentialReport } from "../run-differential.js";
import { escapeXml as esc } from "./escape.js";
import type { TerminalStyle } from "./terminal.js";
import type { ReportFormat } from "./write-reports.js";

const paint = (style: TerminalStyle, code: number, text: string) =>
  style.color ? `\u001b[${code}m${text}\u001b[0m` : text;

const line = (d: Difference) => `${d.operationId} ${d.kind} at ${d.pointer || "(body)"}: A ${d.a} | B ${d.b}`;

// "GET /indexer/block/v1/blocks  /blocks/*/gas_used  value  ×888  (listBlocks)"
const groupHead = (g: DifferenceGroup) =>
  `${g.method} ${g.endpoint}  ${g.pointer || "(body)"}  ${g.kind}  ×${g.count}  (${g.operationId})`;

/** The group's first difference, with the request that shows it (enough to reproduce it by hand). */
function groupExample(g: DifferenceGroup): string {
  const d = g.example;
  const place = d.pointer !== g.pointer ? `${d.pointer}: ` : "";
  return `${g.count > 1 ? "e.g. " : ""}${place}A ${d.a} | B ${d.b}  in GET ${d.path}`;
}

const counted = (n: number, groups: number) => `${n} in ${groups} group${groups === 1 ? "" : "s"}`;

export function formatDifferentialSummary(report: DifferentialReport, style: TerminalStyle): string {
  const open = report.groups.filter((g) => !g.accepted);
  const accepted = report.groups.filter((g) => g.accepted);
  const s = report.summary;
  const lines = [
    "",
    `weft-conformance differential: ${report.indexerUrl} (A) vs ${report.compareUrl} (B)`,
    "",
    `  compared requests   ${s.requests}`,
    `  compared responses  ${s.responses}`,
    `  differences         ${s.differences}`,
    `  accepted            ${s.accepted}`,
  ];
  if (open.length > 0) {
    lines.push("", paint(style, 31, `Differences (${counted(s.differences, open.length)}):`));
    for (const g of open) lines.push(`  ${groupHead(g)}`, `    ${groupExample(g)}`);
  }
  if (accepted.length > 0) {
    lines.push("", paint(style, 33, `Accepted (${counted(s.accepted, accepted.length)}):`));
    for (const g of accepted)
      lines.push(`  ${groupHead(g)}`, `    why accepted: ${g.accepted?.reason ?? ""}`);
  }
  const verdict = report.ok ? paint(style, 32, "SAME") : paint(style, 31, "DIFFERENT");
  lines.push(
    "",
    `${verdict}: ${s.requests} requests, ${s.differences} difference(s), ${s.accepted} accepted, in ${(report.durationMs / 1000).toFixed(1)} s`,
    "",
  );
  return lines.join("\n");
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:16px 24px;color:#1d2125}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #e1e4e8;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n{text-align:right}code,pre{font:12px ui-monospace,monospace}
.verdict{display:inline-block;padding:4px 10px;border-radius:4px;font-weight:600;color:#fff}
.verdict.ok{background:#1a7f37}.verdict.bad{background:#cf222e}
.same{background:#dafbe1}.diff{background:#ffebe9;font-weight:600}.accepted{background:#fff8c5}.none{color:#8c959f}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0}dt{color:#57606a}dd{margin:0}`;

function cell(diffs: Difference[]): string {
  if (diffs.length === 0) return '<td class="none">–</td>';
  const open = diffs.filter((d) => !d.accepted).length;
  const accepted = diffs.length - open;
  const label = [open && `${open}✗`, accepted && `${accepted} accepted`].filter(Boolean).join(" ");
  const title = diffs
    .map((d) => `${d.accepted ? "ACCEPTED " : ""}${d.pointer || "(body)"}: A ${d.a} | B ${d.b}`)
    .join("\n");
  return `<td class="${open ? "diff" : "accepted"}" title="${esc(title)}">${label}</td>`;
}

function matrix(report: DifferentialReport): string {
  const all = report.compared.flatMap((c) => c.differences);
  const kinds = DIFFERENCE_KINDS.filter((k) => all.some((d) => d.kind === k));
  const rows = report.compared.map((c) => {
    const own = c.differences;
    const op = report.operations.find((o) => o.operationId === c.operationId);
    const records = c.records
      ? ` (${c.records.a} / ${c.records.b} records${c.records.truncated ? ", capped" : ""})`
      : "";
    return `<tr data-operation="${esc(c.operationId)}"><td><code>${esc(op?.method ?? "GET")} ${esc(op?.path ?? c.path)}</code><br>${esc(c.operationId)}${c.variant ? ` <small>(${esc(c.variant)})</small>` : ""}</td><td class="n">${c.status.a} / ${c.status.b}</td><td class="n">${c.responses}${esc(records)}</td><td class="${own.some((d) => !d.accepted) ? "diff" : own.length > 0 ? "accepted" : "same"}">${own.length === 0 ? "same" : `${own.length}`}</td>${kinds
      .map((k) => cell(own.filter((d) => d.kind === k)))
      .join("")}</tr>`;
  });
  return `<table id="difference-matrix"><thead><tr><th>operation</th><th>status A / B</th><th>responses</th><th>differences</th>${kinds.map((k) => `<th>${k}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function groupRows(groups: readonly DifferenceGroup[]): string {
  return groups
    .map(
      (g) =>
        `<tr class="${g.accepted ? "accepted" : "diff"}"><td><code>${esc(g.method)} ${esc(g.endpoint)}</code><br>${esc(g.operationId)}</td><td><code>${esc(g.pointer || "(body)")}</code></td><td>${g.kind}</td><td class="n">${g.count}</td><td><code>${esc(g.example.a)}</code></td><td><code>${esc(g.example.b)}</code></td><td><code>GET ${esc(g.example.path)}</code>${g.example.pointer !== g.pointer ? `<br>at <code>${esc(g.example.pointer)}</code>` : ""}</td><td>${g.accepted ? esc(g.accepted.reason) : ""}</td></tr>`,
    )
    .join("");
}

function differenceRows(diffs: Difference[]): string {
  return diffs
    .map(
      (d) =>
        `<tr class="${d.accepted ? "accepted" : "diff"}"><td>${esc(d.operationId)}</td><td>${d.kind}</td><td><code>${esc(d.pointer || "(body)")}</code></td><td><code>${esc(d.a)}</code></td><td><code>${esc(d.b)}</code></td><td><code>GET ${esc(d.path)}</code></td>${d.accepted ? `<td>${esc(d.accepted.reason)}</td>` : ""}</tr>`,
    )
    .join("");
}

export function toDifferentialHtml(report: DifferentialReport): string {
  const all = report.compared.flatMap((c) => c.differences);
  const open = all.filter((d) => !d.accepted);
  const accepted = all.filter((d) => d.accepted);
  const s = report.summary;
  const head = "<th>operation</th><th>kind</th><th>where</th><th>A</th><th>B</th><th>request</th>";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Weft differential: ${report.ok ? "same" : "different"}</title><style>${STYLE}</style></head>
<body>
<header><h1>Weft differential report</h1>
<span id="verdict" class="verdict ${report.ok ? "ok" : "bad"}">${report.ok ? "SAME" : `DIFFERENT (${s.differences} differences)`}</span>
<dl><dt>A (discovered on)</dt><dd><code>${esc(report.indexerUrl)}</code></dd><dt>B</dt><dd><code>${esc(report.compareUrl)}</code></dd>
<dt>started</dt><dd>${esc(report.startedAt)}</dd><dt>duration</dt><dd>${(report.durationMs / 1000).toFixed(1)} s</dd>
<dt>compared</dt><dd id="counts">${s.requests} requests, ${s.responses} responses, ${s.differences} differences, ${s.accepted} accepted</dd></dl></header>
<section><h2>Per endpoint, by difference kind</h2>${matrix(report)}</section>
<section><h2>Differences by cause (${report.groups.length} groups)</h2>${report.groups.length ? `<table id="difference-groups"><thead><tr><th>endpoint</th><th>where</th><th>kind</th><th>count</th><th>e.g. A</th><th>e.g. B</th><th>example request</th><th>why accepted</th></tr></thead><tbody>${groupRows(report.groups)}</tbody></table>` : "<p>None.</p>"}</section>
<section><h2>Differences (${open.length})</h2>${open.length ? `<table id="differences"><thead><tr>${head}</tr></thead><tbody>${differenceRows(open)}</tbody></table>` : "<p>None.</p>"}</section>
<section><h2>Accepted differences (${accepted.length})</h2>${accepted.length ? `<table id="accepted"><thead><tr>${head}<th>why accepted</th></tr></thead><tbody>${differenceRows(accepted)}</tbody></table>` : "<p>None.</p>"}</section>
<section><h2>Test data discovered on A</h2><pre id="discovery">${esc(JSON.stringify(report.discovery, null, 2))}</pre></section>
</body></html>
`;
}

export function toDifferentialJunit(report: DifferentialReport): string {
  const cases = report.compared.map((c) => {
    const open = c.differences.filter((d) => !d.accepted);
    const head = `    <testcase name="${esc(c.operationId)}" classname="weft.differential.${c.class}" time="0"`;
    if (open.length === 0) return `${head}/>`;
    return `${head}>\n      <failure message="${open.length} difference(s)" type="differential">${esc(open.map(line).join("\n"))}</failure>\n    </testcase>`;
  });
  const failures = report.compared.filter((c) => c.differences.some((d) => !d.accepted)).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="weft-conformance differential ${esc(report.indexerUrl)} vs ${esc(report.compareUrl)}" tests="${report.compared.length}" failures="${failures}" errors="0" time="${(report.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="differential" tests="${report.compared.length}" failures="${failures}" errors="0">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

export function renderDifferentialReport(report: DifferentialReport, format: ReportFormat): string {
  if (format === "junit") return toDifferentialJunit(report);
  if (format === "html") return toDifferentialHtml(report);
  return `${JSON.stringify(report, null, 2)}\n`;
}
