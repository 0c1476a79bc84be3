// Bundles the web app (src/main.tsx with supabase-js) into one browser script with `deno bundle` (esbuild).
// The local stack's web server bundles it in memory at start; `deno task build:web` writes dist/: index.html,
// style.css, app.js and sw.js (the offline shell), a static site that needs only a config.json ({ apiUrl, anonKey }) beside them.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const webDirectory = dirname(fileURLToPath(import.meta.url));
const projectRoot = join(webDirectory, "../..");

/**
 * The app's script: supabase-js and src/ in one minified ES module, no network needed to load it. `external` leaves
 * packages out (the journey test measures the app without supabase-js).
 */
export async function bundleWebApp(entry = "src/main.tsx", external: string[] = []): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      "--quiet",
      "--config",
      join(projectRoot, "deno.json"),
      "--platform",
      "browser",
      "--format",
      "esm",
      "--minify",
      // One value per flag: `--external a b` would take the entry point as a second external.
      ...external.map((name) => `--external=${name}`),
      join(webDirectory, entry),
    ],
    cwd: projectRoot,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const errors = new TextDecoder().decode(stderr).trim();
  if (code !== 0) throw new Error(`deno bundle of examples/web failed:\n${errors}`);
  return new TextDecoder().decode(stdout);
}

/**
 * The app's stylesheet: style.css (the shell) followed by each screen's own CSS (src/**\/*.css, in path order), so
 * that screens keep their styles beside their code and the page still loads one file.
 */
export async function bundleStyles(): Promise<string> {
  const parts = [await Deno.readTextFile(join(webDirectory, "style.css"))];
  const screenFiles: string[] = [];
  async function walk(directory: string): Promise<void> {
    for await (const entry of Deno.readDir(directory)) {
      const path = join(directory, entry.name);
      if (entry.isDirectory) await walk(path);
      else if (entry.name.endsWith(".css")) screenFiles.push(path);
    }
  }
  await walk(join(webDirectory, "src"));
  for (const path of screenFiles.sort()) parts.push(await Deno.readTextFile(path));
  return parts.join("\n");
}

/** The service worker's script (Workbox): the app shell, network first, from its cache offline. */
export function bundleServiceWorker(): Promise<string> {
  return bundleWebApp("src/offline/service-worker.ts");
}

if (import.meta.main) {
  const output = join(webDirectory, "dist");
  await Deno.mkdir(output, { recursive: true });
  const script = await bundleWebApp();
  await Deno.writeTextFile(join(output, "app.js"), script);
  await Deno.copyFile(join(webDirectory, "index.html"), join(output, "index.html"));
  await Deno.writeTextFile(join(output, "style.css"), await bundleStyles());
  await Deno.writeTextFile(join(output, "sw.js"), await bundleServiceWorker());
  console.log(`Wrote ${output}/: index.html, style.css, app.js (${Math.round(script.length / 1024)} KiB), sw.js`);
}
