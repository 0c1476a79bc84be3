// A zip of recipes, its app told from its layout and content: Tandoor (a zip of "<id>.zip" zips), Mealie (its
// backup's "database.json", or its export's "recipes/<slug>/<slug>.json"), Nextcloud Cookbook ("<folder>/recipe.json"
// and "full.jpg"), Paprika (entries that are gzip-compressed JSON, named "*.paprikarecipe" or not), Cooklang
// ("*.cook"), else JSON files of schema.org Recipes (one or many each) or one Mealie recipe's zip ("<slug>.json" and
// "original.webp").
import { AppError } from "../errors.ts";
import { collectionLimits } from "./collection-limits.ts";
import { type CollectionItem, EntryFailure, jsonOf, type OpenedCollection } from "./collection-recipe.ts";
import { cooklangRecipeOf } from "./cooklang.ts";
import type { ByteBudget } from "./inflate.ts";
import { isMealieRecipe, mealieRecipeOf } from "./mealie.ts";
import { isMealieBackup, mealieBackupItems } from "./mealie-backup.ts";
import { looksLikeGzip, readPaprikaRecipe } from "./paprika.ts";
import { recipeNodesIn, schemaRecipeOf } from "./schema-org.ts";
import { schemaFormatOf } from "./schema-format.ts";
import { tandoorRecipeOf } from "./tandoor.ts";
import { looksLikeZip, readZipDirectory, readZipEntry, type ZipEntry } from "./zip-read.ts";

type Reader = (entry: ZipEntry) => Promise<Uint8Array>;

const baseName = (name: string) => name.slice(name.lastIndexOf("/") + 1);
const folderOf = (name: string) => name.slice(0, name.lastIndexOf("/") + 1);

function tooDeep(label: string): AppError {
  return new AppError(
    "VALIDATION_ERROR",
    `${label} holds another archive: archives nest at most ${collectionLimits.maxDepth} deep in a file this reads ` +
      "(Tandoor's export is a zip of zips); it is refused",
    { field: "data_base64" },
  );
}

function tandoorItem(entry: ZipEntry, read: Reader, budget: ByteBudget): CollectionItem {
  return {
    entry: entry.name,
    read: async () => {
      const inner = await read(entry);
      if (!looksLikeZip(inner)) throw new EntryFailure(`${entry.name} is not a zip archive`);
      const entries = readZipDirectory(inner, collectionLimits, budget, entry.name);
      if (entries.some((file) => file.name.toLowerCase().endsWith(".zip"))) throw tooDeep(entry.name);
      const json = entries.find((file) => file.name === "recipe.json");
      if (!json) throw new EntryFailure(`${entry.name} has no recipe.json`);
      const content = await readZipEntry(inner, json, entry.name);
      if (looksLikeZip(content)) throw tooDeep(entry.name);
      const id = /^(?:.*\/)?([^/]+)\.zip$/i.exec(entry.name)?.[1] ?? null;
      const recipe = tandoorRecipeOf(jsonOf(content, `${entry.name}/recipe.json`), entry.name, id);
      const image = entries.find((file) => /^image\.[a-z]+$/i.test(file.name));
      return { ...recipe, photo: image ? await readZipEntry(inner, image, entry.name) : null };
    },
  };
}

function withPhoto(
  entry: ZipEntry,
  photo: ZipEntry | undefined,
  read: Reader,
  recipeOf: (bytes: Uint8Array) => ReturnType<CollectionItem["read"]> | Awaited<ReturnType<CollectionItem["read"]>>,
): CollectionItem {
  return {
    entry: entry.name,
    read: async () => {
      const recipe = await recipeOf(await read(entry));
      return photo && !recipe.photo ? { ...recipe, photo: await read(photo) } : recipe;
    },
  };
}

/** The recipes of JSON entries that are no app's layout: each file's schema.org Recipes, or a Mealie recipe. */
async function jsonItems(files: ZipEntry[], all: ZipEntry[], read: Reader): Promise<OpenedCollection> {
  const items: CollectionItem[] = [];
  const byName = new Map(all.map((entry) => [entry.name, entry]));
  let format: OpenedCollection["format"] = "json-ld";
  for (const file of files) {
    let json: unknown;
    try {
      json = jsonOf(await read(file), file.name);
    } catch (error) {
      if (!(error instanceof EntryFailure)) throw error;
      items.push({ entry: file.name, read: () => Promise.reject(error) });
      continue;
    }
    if (isMealieRecipe(json)) {
      format = "mealie";
      const photo = all.find((entry) => entry.name === `${folderOf(file.name)}original.webp`);
      items.push(withPhoto(file, photo, read, () => mealieRecipeOf(json, file.name)));
      continue;
    }
    const nodes = recipeNodesIn(json);
    if (nodes.length === 0) {
      items.push({ entry: file.name, read: () => Promise.reject(new EntryFailure(`${file.name} holds no recipe`)) });
      continue;
    }
    format = schemaFormatOf(json, nodes);
    const nodeFormat = format;
    nodes.forEach((node, index) => {
      const entry = nodes.length > 1 ? `${file.name}[${index}]` : file.name;
      items.push({
        entry,
        // A recipe whose `image` names a file beside it (recipe.export writes "<title>-<id>.jpg") takes that file.
        read: async () => {
          const recipe = schemaRecipeOf(node, nodeFormat);
          const photo = recipe.photoFile && !recipe.photo
            ? byName.get(`${folderOf(file.name)}${recipe.photoFile}`)
            : null;
          return photo ? { ...recipe, photo: await read(photo) } : recipe;
        },
      });
    });
  }
  return { format, items };
}

export async function openArchive(bytes: Uint8Array, budget: ByteBudget): Promise<OpenedCollection | undefined> {
  const entries = readZipDirectory(bytes, collectionLimits, budget);
  const read: Reader = (entry) => readZipEntry(bytes, entry);
  const named = (pattern: RegExp) => entries.filter((entry) => pattern.test(entry.name));
  const byName = new Map(entries.map((entry) => [entry.name, entry]));

  const zips = named(/\.zip$/i);
  if (zips.length > 0 && zips.length === entries.length) {
    return { format: "tandoor", items: zips.map((entry) => tandoorItem(entry, read, budget)) };
  }
  const database = byName.get("database.json");
  if (database) {
    const json = jsonOf(await read(database), database.name);
    if (isMealieBackup(json)) {
      const photo = (folder: string) => {
        const image = byName.get(`data/recipes/${folder}/images/original.webp`);
        return image ? read(image) : Promise.resolve(null);
      };
      return { format: "mealie", items: mealieBackupItems(json, photo) };
    }
  }
  const mealie = entries.filter((entry) => {
    const match = /^(?:.*\/)?recipes\/([^/]+)\/([^/]+)\.json$/.exec(entry.name);
    return match !== null && match[1] === match[2];
  });
  if (mealie.length > 0) {
    return {
      format: "mealie",
      items: mealie.map((entry) =>
        withPhoto(
          entry,
          byName.get(`${folderOf(entry.name)}images/original.webp`),
          read,
          (content) => mealieRecipeOf(jsonOf(content, entry.name), entry.name),
        )
      ),
    };
  }
  const nextcloud = named(/(?:^|\/)recipe\.json$/);
  if (nextcloud.length > 0) {
    return {
      format: "nextcloud",
      items: nextcloud.map((entry) =>
        withPhoto(entry, byName.get(`${folderOf(entry.name)}full.jpg`), read, (content) => {
          const [node] = recipeNodesIn(jsonOf(content, entry.name));
          if (!node) throw new EntryFailure(`${entry.name} holds no schema.org Recipe`);
          return schemaRecipeOf(node, "nextcloud");
        })
      ),
    };
  }
  const paprika = named(/\.paprikarecipe$/i);
  const sniffed = paprika.length > 0
    ? paprika
    : entries.length > 0 && looksLikeGzip(await read(entries[0]))
    ? entries.filter((entry) => !/\.(?:jpe?g|png|webp)$/i.test(entry.name))
    : [];
  if (sniffed.length > 0) {
    return {
      format: "paprika",
      items: sniffed.map((entry) => ({
        entry: entry.name,
        read: async () => readPaprikaRecipe(await read(entry), entry.name, budget),
      })),
    };
  }
  const cook = named(/\.cook$/i);
  if (cook.length > 0) {
    return {
      format: "cooklang",
      items: cook.map((entry) => {
        const stem = entry.name.replace(/\.cook$/i, "");
        const photo = ["jpg", "jpeg", "png", "webp"].map((ext) => byName.get(`${stem}.${ext}`)).find(Boolean);
        return withPhoto(
          entry,
          photo,
          read,
          (content) => cooklangRecipeOf(new TextDecoder().decode(content), baseName(stem)),
        );
      }),
    };
  }
  const json = named(/\.(?:json|jsonld)$/i);
  return json.length > 0 ? await jsonItems(json, entries, read) : undefined;
}
