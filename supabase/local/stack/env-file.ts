import { existsSync } from "node:fs";

/** Reads KEY=VALUE lines (comments, blank lines, `export ` and quotes allowed), as dotenv files are written. */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith("#")) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2];
    const quoted = /^(['"])(.*)\1$/.exec(value);
    value = quoted ? quoted[2] : value.replace(/\s+#.*$/, "");
    values[match[1]] = value;
  }
  return values;
}

export function readEnvFile(path: string): Record<string, string> {
  return existsSync(path) ? parseEnvFile(Deno.readTextFileSync(path)) : {};
}
