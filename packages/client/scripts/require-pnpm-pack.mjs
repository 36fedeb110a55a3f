/**
 * `prepack`: only pnpm may pack this package. Its package.json names versions with pnpm's `catalog:`
 * and `workspace:` protocols, which pnpm replaces with real ranges when it packs; npm (and yarn)
 * copy them verbatim, and the resulting tarball cannot be installed (npm: EUNSUPPORTEDPROTOCOL).
 * Refusing here, before anything is built, beats shipping that tarball.
 */
const agent = process.env.npm_config_user_agent ?? "";
if (!agent.startsWith("pnpm/")) {
  const tool = agent.split(" ")[0] || "this tool";
  console.error(
    [
      `@weft/client: refusing to pack with ${tool}: its package.json uses pnpm's catalog:/workspace: versions,`,
      "which only pnpm replaces with real ones. Pack it from the repository with:",
      "  npx -y pnpm@10.34.8 --filter @weft/client pack --pack-destination <dir>",
    ].join("\n"),
  );
  process.exit(1);
}
