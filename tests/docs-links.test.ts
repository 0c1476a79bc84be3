import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { projectRoot } from "../supabase/local/stack/stack-config.ts";

// The README is the first screen and docs/ the manual: every relative link between them must lead somewhere that
// exists, down to the heading, and the README must stay short and keep the two commands that .ci/run and the
// before-stop hook read from it.

const readmeCommands = ["npx -y deno@2.9.6 task start", "npx -y deno@2.9.6 task test"];
const readmeMaxLines = 200;

const pagePaths = [
  "README.md",
  ...readdirSync(join(projectRoot, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`),
];
const read = (path: string) => readFileSync(join(projectRoot, path), "utf8");

/** The text outside fenced blocks and inline code: what a reader sees as prose, headings and links. */
export function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").toLowerCase().replace(/[^\p{L}\p{N}_ -]/gu, "")
      .replaceAll(" ", "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every relative link in a page that does not lead to an existing file, or to an existing heading in it. */
export function brokenLinks(
  page: string,
  markdown: string,
  readPage: (path: string) => string | undefined,
): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(markdown).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path, anchor] = target.split("#", 2);
    const file = path === "" ? page : normalize(join(dirname(page), decodeURI(path)));
    const text = readPage(file);
    if (text === undefined) {
      broken.push(`${page}: ${target} (no file ${file})`);
    } else if (anchor && file.endsWith(".md") && !headingAnchors(text).has(anchor)) {
      broken.push(`${page}: ${target} (no heading #${anchor} in ${file})`);
    }
  }
  return broken;
}

function readRepositoryFile(path: string): string | undefined {
  const absolute = join(projectRoot, path);
  if (relative(projectRoot, absolute).startsWith("..") || !existsSync(absolute)) return undefined;
  return Deno.statSync(absolute).isFile ? read(path) : "";
}

Deno.test("docs links: the checker reports a missing file and a missing heading", () => {
  const pages: Record<string, string> = {
    "docs/a.md": "# A\n\n## Signing in: the `Auth` stand-in\n\n[ok](#signing-in-the-auth-stand-in) [ok](b.md#b)\n" +
      "[gone](c.md) [no heading](b.md#nowhere) [up](../README.md) `[in code](d.md)`\n",
    "docs/b.md": "# B\n",
    "README.md": "# Readme\n",
  };
  assert.deepEqual(brokenLinks("docs/a.md", pages["docs/a.md"], (path) => pages[path]), [
    "docs/a.md: c.md (no file docs/c.md)",
    "docs/a.md: b.md#nowhere (no heading #nowhere in docs/b.md)",
  ]);
});

Deno.test("docs links: every relative link in the README and docs/ leads to a file and heading that exist", () => {
  const broken = pagePaths.flatMap((page) => brokenLinks(page, read(page), readRepositoryFile));
  assert.deepEqual(broken, []);
});

Deno.test("docs links: the README links every page of docs/", () => {
  const readme = prose(read("README.md"));
  const unlinked = pagePaths.filter((page) => page.startsWith("docs/") && !readme.includes(`](${page}`));
  assert.deepEqual(unlinked, [], "pages the README does not link");
});

Deno.test("docs links: the README is the first screen, with the two commands", () => {
  const readme = read("README.md");
  const lines = readme.split("\n").length - (readme.endsWith("\n") ? 1 : 0);
  assert.ok(lines <= readmeMaxLines, `README.md has ${lines} lines; at most ${readmeMaxLines}`);
  const shell = [...readme.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((match) => match[1]).join("\n");
  for (const command of readmeCommands) {
    assert.match(shell, new RegExp(`^${command.replaceAll(".", "\\.")}(\\s|$)`, "m"), `a sh block runs ${command}`);
  }
});

Deno.test("docs links: the README's start banner is the one the start task prints", () => {
  const banner = read("README.md").match(/^```\n(Local Supabase stack is running[\s\S]*?)^```/m)?.[1];
  assert.ok(banner, "README.md shows the start banner");
  const start = read("supabase/local/stack/start.ts");
  for (const [, label, rest] of banner.matchAll(/^ *([\w ]+): (.*)$/gm)) {
    assert.ok(start.includes(`${label}: `), `start.ts prints "${label}:"`);
    const words = rest.match(/\(([^)$]*)\)$/)?.[1];
    if (words && !/…|:\/\//.test(words)) assert.ok(start.includes(words), `start.ts prints "${words}"`);
  }
});

Deno.test("docs links: pages give reasons, not issue numbers", () => {
  const found = pagePaths.flatMap((page) =>
    [...read(page).matchAll(/\bissues?\s+#?\d+|\(#\d+\)/gi)].map((match) => `${page}: ${match[0]}`)
  );
  assert.deepEqual(found, []);
});

Deno.test("docs links: the tools page names every tool in the registry, and no other", () => {
  const registry = JSON.parse(read("shared/tools/generated/registry.json")) as { tools: { name: string }[] };
  const registered = registry.tools.map((tool) => tool.name).sort();
  const list = read("docs/tools.md").match(/^The tools, by group[^\n]*\n\n((?:(?:- | {2}).*\n)+)/m)?.[1];
  assert.ok(list, "docs/tools.md lists the tools by group");
  const named = [...list.matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((match) => match[1]).sort();
  assert.deepEqual(named, registered, "docs/tools.md's list by group against shared/tools/generated/registry.json");
});
