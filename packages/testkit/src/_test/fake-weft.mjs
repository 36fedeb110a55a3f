// Stands in for the weft CLI: `serve` announces a URL the way weft does and stays up; `fail` exits 3
// before serving; anything else prints its arguments and LOG_LEVEL and exits 0.
const [command] = process.argv.slice(2);
if (command === "serve") {
  process.stderr.write("starting\n");
  setTimeout(() => process.stderr.write("\nWeft is serving on http://127.0.0.1:4321  (API reference)\n"), 50);
  setInterval(() => undefined, 1_000);
  process.on("SIGTERM", () => process.exit(0));
} else if (command === "fail") {
  process.stderr.write("no database\n");
  process.exit(3);
} else {
  process.stdout.write(`${process.argv.slice(2).join(" ")} ${process.env.LOG_LEVEL}`);
}
