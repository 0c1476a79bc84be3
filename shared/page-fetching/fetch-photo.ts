// A recipe's photo given only as an address (a page's schema.org `image`, RecipeSage's and most JSON-LD files'),
// fetched as recipe.import_url fetches a page: the same guard against private addresses at every hop, the same
// allow-list for tests; bounded in bytes and time, and checked by content and pixels as a photo in a file is. It
// never throws: a photo that cannot be had is a sentence saying why, and the recipe is still read.
import { AppError } from "../errors.ts";
import { collectionLimits } from "../recipe-collections/collection-limits.ts";
import type { ImageType } from "../images/image-type.ts";
import { checkedPhotoBytes } from "../recipe-collections/photo.ts";
import { dnsNetwork, fetchBody, type PageLimits, type PageNetwork } from "./fetch-page.ts";

export const photoFetchLimits = {
  /** What a photo in a file may be: a larger one would be left out anyway, so no more is read. */
  maxBytes: collectionLimits.maxPhotoBytes,
  /** Less than a page's 4 s: the photo is the lesser part of an import, and a page of drafts may fetch several. */
  timeoutMs: 3000,
  maxRedirects: 5,
  /** Photos fetched at once (recipe.import_file's page fetches several). */
  atOnce: 5,
  /**
   * Photos one recipe.import_file page fetches: a page ends before the recipe that would need one more. Two rounds
   * of five at most 3 s each keep a page within seconds even when every server is slow.
   */
  perPage: 10,
} as const;

export interface FetchedPhoto {
  bytes: Uint8Array;
  type: ImageType;
}

function shortened(address: string): string {
  return address.length > 120 ? `${address.slice(0, 117)}…` : address;
}

/** The photo at the address, or a sentence saying why it was not fetched ("the photo at … was not fetched: …"). */
export async function fetchPhoto(
  address: string,
  allowedHosts: string[],
  network: PageNetwork = dnsNetwork,
): Promise<FetchedPhoto | string> {
  const limits: PageLimits = {
    ...photoFetchLimits,
    allowedHosts,
    noun: "image",
    accept: "image/jpeg, image/png, image/webp",
  };
  const failed = (reason: string) => `the photo at ${shortened(address)} was not fetched: ${reason}`;
  try {
    const { bytes } = await fetchBody(address, limits, network);
    const checked = checkedPhotoBytes(bytes);
    return typeof checked === "string" ? failed(checked) : checked;
  } catch (error) {
    if (error instanceof AppError) return failed(error.message);
    return failed("it could not be read");
  }
}

/** Each address's photo or reason, fetched `photoFetchLimits.atOnce` at a time, in the order given. */
export async function fetchPhotos(
  addresses: string[],
  allowedHosts: string[],
  network: PageNetwork = dnsNetwork,
): Promise<(FetchedPhoto | string)[]> {
  const results: (FetchedPhoto | string)[] = [];
  for (let start = 0; start < addresses.length; start += photoFetchLimits.atOnce) {
    const batch = addresses.slice(start, start + photoFetchLimits.atOnce);
    results.push(...await Promise.all(batch.map((address) => fetchPhoto(address, allowedHosts, network))));
  }
  return results;
}
