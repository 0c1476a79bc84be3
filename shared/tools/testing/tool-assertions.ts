import assert from "node:assert/strict";
import { AppError } from "../../errors.ts";
import type { AnyTool } from "../define-tool.ts";
import { runTool } from "../runner.ts";
import { createFakeSql } from "./fake-sql.ts";

export const testUser = {
  id: "11111111-1111-4111-8111-111111111111",
  claims: { sub: "11111111-1111-4111-8111-111111111111", role: "authenticated", aud: "authenticated" },
};

export const someId = "22222222-2222-4222-8222-222222222222";
export const otherId = "33333333-3333-4333-8333-333333333333";

/** Runs the tool on a fake database; returns the input the SQL function would receive. */
export async function acceptedInput(tool: AnyTool, input: unknown): Promise<unknown> {
  const fake = createFakeSql();
  await runTool(tool, input, { user: testUser, sql: fake.sql });
  return fake.lastInvoke().input;
}

/** Asserts a VALIDATION_ERROR naming `field`, raised before any query. Returns the error for more checks. */
export async function assertRejected(tool: AnyTool, input: unknown, field: string | undefined): Promise<AppError> {
  const fake = createFakeSql();
  const error = await runTool(tool, input, { user: testUser, sql: fake.sql }).then(
    () => assert.fail(`${tool.name} accepted ${JSON.stringify(input)}`),
    (error: unknown) => error,
  );
  assert.ok(error instanceof AppError, `expected an AppError, got ${error}`);
  assert.equal(error.type, "VALIDATION_ERROR", error.message);
  assert.equal(error.field, field, `field of: ${error.message}`);
  assert.equal(fake.queries.length, 0, "a refused input must not reach the database");
  return error;
}
