/// <reference lib="dom" />
// The list's thumbnails: one signed-URL request for every photo on the page.
import { useEffect, useState } from "preact/hooks";
import { useApp } from "../../context.ts";
import { signedPhotoUrls } from "./photo-urls.ts";

export function usePhotoUrls(paths: (string | null | undefined)[]): Map<string, string> {
  const { supabase } = useApp();
  const [urls, setUrls] = useState<Map<string, string>>(new Map());
  const wanted = paths.filter((path): path is string => Boolean(path));
  const key = wanted.join("\n");
  useEffect(() => {
    if (wanted.length === 0) return;
    // A thumbnail that cannot be had is left out: the list works without pictures.
    signedPhotoUrls(supabase, wanted).then(setUrls, () => {});
  }, [key]);
  return urls;
}
