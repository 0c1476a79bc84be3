// The photo of a recipe page (recipe.import_url): the first image address of the page's schema.org Recipe (a text,
// an array, or an ImageObject's url), resolved against the page's address and fetched through the same guard as the
// page (shared/page-fetching/fetch-photo.ts); a `data:` image is the photo itself. A photo that cannot be had leaves
// the draft without one and says why in its warnings: the import never fails for a photo.
import { fetchPhoto } from "../../page-fetching/fetch-photo.ts";
import type { PageNetwork } from "../../page-fetching/fetch-page.ts";
import { checkedPhoto, encodeBase64, photoOfBase64 } from "../../recipe-collections/photo.ts";
import { imageAddressOf, recipeNodesIn } from "../../recipe-collections/schema-org.ts";
import { jsonLdBlocks } from "../../recipe-reading/json-ld-blocks.ts";
import { parseLenientJson } from "../../recipe-reading/lenient-json.ts";
import type { ImportedPhoto } from "./import-file-results.ts";

/** The page's recipe photo address, absolute, or null when its schema.org Recipe names none. */
export function pagePhotoAddress(html: string, pageUrl: string): string | null {
  const nodes = jsonLdBlocks(html).flatMap((text) => recipeNodesIn(parseLenientJson(text)));
  // The recipe that was read (the one with ingredients) first, then any other Recipe on the page.
  const ordered = [
    ...nodes.filter((node) => node.recipeIngredient !== undefined || node.ingredients !== undefined),
    ...nodes,
  ];
  const address = ordered.map((node) => imageAddressOf(node.image)).find((found) => found !== null);
  if (!address) return null;
  if (address.startsWith("data:image/")) return address;
  const absolute = URL.parse(address, pageUrl);
  return absolute && /^https?:$/.test(absolute.protocol) ? absolute.href : null;
}

export interface PagePhoto {
  photo: ImportedPhoto | null;
  warnings: string[];
}

export async function pagePhoto(
  html: string,
  pageUrl: string,
  allowedHosts: string[],
  network?: PageNetwork,
): Promise<PagePhoto> {
  const address = pagePhotoAddress(html, pageUrl);
  const warnings: string[] = [];
  if (address === null) return { photo: null, warnings };
  if (address.startsWith("data:")) {
    return { photo: checkedPhoto(photoOfBase64(address, warnings), warnings), warnings };
  }
  const fetched = await fetchPhoto(address, allowedHosts, network);
  if (typeof fetched === "string") return { photo: null, warnings: [fetched] };
  const photo = { media_type: fetched.type, byte_size: fetched.bytes.length, data_base64: encodeBase64(fetched.bytes) };
  return { photo, warnings };
}
