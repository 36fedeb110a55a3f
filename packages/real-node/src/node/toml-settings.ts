/**
 * Edits of the node's own config.toml / app.toml / client.toml. A TOML library would re-render the
 * whole file (and drop its comments); the files `init` writes have one `key = value` per line under
 * `[section]` headers, so setting a value is a line replacement, and a key that is not there is an
 * error (a renamed setting in a new node version must fail loudly, not be silently ignored).
 */
import { readFileSync, writeFileSync } from "node:fs";

/** A TOML value as written: strings quoted, booleans and numbers bare. */
export type TomlValue = string | number | boolean;

/** Settings by section ("" for the top level, before any header) and key. */
export type TomlSettings = Record<string, Record<string, TomlValue>>;

function render(value: TomlValue): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/** `text` with each setting's line replaced; throws naming every key it could not find. */
export function applyTomlSettings(text: string, settings: TomlSettings): string {
  const pending = new Map<string, TomlValue>();
  for (const [section, keys] of Object.entries(settings)) {
    for (const [key, value] of Object.entries(keys)) pending.set(`${section}\u0000${key}`, value);
  }
  let section = "";
  const lines = text.split("\n").map((line) => {
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (header?.[1] !== undefined) {
      section = header[1].trim();
      return line;
    }
    const entry = /^(\s*)([A-Za-z0-9_.-]+)(\s*=\s*)/.exec(line);
    if (!entry?.[2]) return line;
    const id = `${section}\u0000${entry[2]}`;
    const value = pending.get(id);
    if (value === undefined) return line;
    pending.delete(id);
    return `${entry[1]}${entry[2]}${entry[3]}${render(value)}`;
  });
  if (pending.size > 0) {
    const missing = [...pending.keys()].map((id) => id.replace("\u0000", ".")).join(", ");
    throw new Error(`settings not found in the node's TOML: ${missing}`);
  }
  return lines.join("\n");
}

/** Applies `settings` to the file at `file` in place. */
export function editTomlFile(file: string, settings: TomlSettings): void {
  writeFileSync(file, applyTomlSettings(readFileSync(file, "utf8"), settings));
}
