import assert from "node:assert/strict";
import { parseEnvFile } from "./env-file.ts";

Deno.test("env files are read as dotenv writes them", () => {
  const text =
    "# comment\nA=1\nexport B = two\nC=\"quoted # not a comment\"\nD='single'\nE=value # comment\n\nnot a line";
  assert.deepEqual(parseEnvFile(text), { A: "1", B: "two", C: "quoted # not a comment", D: "single", E: "value" });
});
