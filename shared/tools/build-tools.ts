// `deno task build:tools`: writes the registry artifact, the OpenAPI document and the typed web client from the
// tools' Zod schemas, and each tool group function's list of tools. tests/registry/generated-files.test.ts fails when a committed file differs from a fresh build.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { clientSource } from "./exports/client-source.ts";
import { buildOpenApiDocument } from "./exports/openapi-document.ts";
import { buildRegistryArtifact } from "./exports/registry-artifact.ts";
import { groupToolsPath, groupToolsSource } from "./exports/group-tools-source.ts";
import { toolGroups } from "./registry.ts";

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "../..");

export const generatedPaths = {
  registry: "shared/tools/generated/registry.json",
  openapi: "shared/tools/generated/openapi.json",
  client: "shared/client/tools-client.generated.ts",
} as const;

/** The text as `deno fmt` leaves it (the project's line width), so formatting the repository changes nothing. */
async function formatted(text: string, extension: "json" | "ts"): Promise<string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--line-width=120", `--ext=${extension}`, "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(text));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  if (code !== 0) {
    throw new Error(`deno fmt failed on the generated ${extension}:\n${new TextDecoder().decode(stderr)}`);
  }
  return new TextDecoder().decode(stdout);
}

/** Each generated file's path (from the project root) and its content, built in memory. */
export async function generatedFiles(): Promise<Record<string, string>> {
  const artifact = await buildRegistryArtifact();
  const json = (value: unknown) => formatted(`${JSON.stringify(value, null, 2)}\n`, "json");
  const groups: Record<string, string> = {};
  for (const group of toolGroups) {
    groups[groupToolsPath(group)] = await formatted(await groupToolsSource(group, projectRoot), "ts");
  }
  return {
    [generatedPaths.registry]: await json(artifact),
    [generatedPaths.openapi]: await json(buildOpenApiDocument(artifact)),
    [generatedPaths.client]: await formatted(clientSource(artifact), "ts"),
    ...groups,
  };
}

if (import.meta.main) {
  for (const [path, content] of Object.entries(await generatedFiles())) {
    const target = join(projectRoot, path);
    await Deno.mkdir(dirname(target), { recursive: true });
    const before = await Deno.readTextFile(target).catch(() => undefined);
    await Deno.writeTextFile(target, content);
    console.log(`${before === content ? "unchanged" : "wrote    "} ${path} (${content.length} bytes)`);
  }
}
