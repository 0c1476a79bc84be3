/// <reference lib="dom" />
import { useCallback, useEffect, useState } from "preact/hooks";
import { asApiError } from "../api.ts";
import { useApp } from "../context.ts";

/** Loads what a screen shows through the tools; errors go to the shell's error line. `reload` reads again. */
export function useLoad<Data>(load: () => Promise<Data>, dependencies: unknown[]) {
  const { showError } = useApp();
  const [data, setData] = useState<Data | undefined>(undefined);
  // deno-lint-ignore react-rules-of-hooks
  const reload = useCallback(async () => {
    try {
      setData(await load());
    } catch (error) {
      showError(asApiError(error));
    }
  }, dependencies);
  useEffect(() => {
    reload();
  }, [reload]);
  return { data, reload, setData };
}
