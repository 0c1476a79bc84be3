// Copies saved English recipe pages (and the expected JSON beside them) out of a git snapshot of
// hhursev/recipe-scrapers (tests/test_data/<site>/<page>.testhtml) into a git-ignored folder, split by a hash of
// the site name into curate/ and heldout/, so a held-out site is never looked at while curating.
//
//   deno run -A tests/bench/import/corpus.ts <git dir of recipe-scrapers> .local/recipe-pages
//
// The pages belong to their sites: they stay out of the repository.

const [gitDir, target] = Deno.args;
if (!gitDir || !target) {
  console.error("usage: corpus.ts <recipe-scrapers git dir> <target folder>");
  Deno.exit(2);
}

async function git(...args: string[]): Promise<Uint8Array> {
  const output = await new Deno.Command("git", { args: ["--git-dir", gitDir, ...args], stdout: "piped" }).output();
  if (!output.success) throw new Error(`git ${args.join(" ")} failed`);
  return output.stdout;
}

/** held-out when the first byte of SHA-256(site) is odd: deterministic, and by site. */
export async function halfOf(site: string): Promise<"curate" | "heldout"> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(site)));
  return digest[0] % 2 === 1 ? "heldout" : "curate";
}

const commit = new TextDecoder().decode(await git("rev-parse", "HEAD")).trim();
const files = new TextDecoder().decode(await git("ls-tree", "-r", "--name-only", "HEAD", "tests/test_data/"))
  .split("\n").filter((path) => path.endsWith(".testhtml"));
const counts = { curate: { pages: 0, sites: new Set<string>() }, heldout: { pages: 0, sites: new Set<string>() } };
for (const path of files) {
  const [, , site, file] = path.split("/");
  if (!file) continue;
  const expectedPath = path.replace(/\.testhtml$/, ".json");
  let expected: { language?: string; title?: string; ingredients?: unknown };
  try {
    expected = JSON.parse(new TextDecoder().decode(await git("show", `HEAD:${expectedPath}`)));
  } catch {
    continue;
  }
  if (!/^en\b/i.test(expected.language ?? "") || !Array.isArray(expected.ingredients)) continue;
  let page: Uint8Array;
  try {
    page = await git("show", `HEAD:${path}`);
  } catch {
    continue; // the snapshot lists the largest files without their content
  }
  const half = await halfOf(site);
  const folder = `${target}/${half}/${site}`;
  await Deno.mkdir(folder, { recursive: true });
  await Deno.writeFile(`${folder}/${file.replace(/\.testhtml$/, ".html")}`, page);
  await Deno.writeTextFile(
    `${folder}/${file.replace(/\.testhtml$/, ".expected.json")}`,
    JSON.stringify({ title: expected.title, ingredients: expected.ingredients }, null, 1),
  );
  counts[half].pages += 1;
  counts[half].sites.add(site);
}
await Deno.writeTextFile(
  `${target}/SOURCE.txt`,
  `Saved pages from https://github.com/hhursev/recipe-scrapers at ${commit} (tests/test_data), English only.\n`,
);
for (const half of ["curate", "heldout"] as const) {
  console.log(`${half}: ${counts[half].pages} pages from ${counts[half].sites.size} sites`);
}
