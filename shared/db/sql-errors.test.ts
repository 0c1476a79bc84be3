import assert from "node:assert/strict";
import { AppError } from "../errors.ts";
import { databaseErrorToAppError } from "./sql-errors.ts";
import { postgresError } from "../tools/testing/fake-sql.ts";

// The mapping logs what it cannot explain; these tests check the answer, not the log.
function quietly(test: () => void): () => void {
  return () => {
    const log = console.error;
    console.error = () => {};
    try {
      test();
    } finally {
      console.error = log;
    }
  };
}

function mapped(code: string, message = "raw message", fields: Record<string, string> = {}) {
  return databaseErrorToAppError(postgresError(code, message, fields)).toBody();
}

Deno.test("SQLSTATEs raised on purpose keep their message and field", () => {
  const cases = [
    ["MP400", "VALIDATION_ERROR"],
    ["MP401", "UNAUTHENTICATED"],
    ["MP403", "PERMISSION_DENIED"],
    ["MP404", "NOT_FOUND"],
    ["MP409", "CONFLICT"],
    ["MP422", "IDEMPOTENCY_MISMATCH"],
  ] as const;
  for (const [code, type] of cases) {
    assert.deepEqual(mapped(code, "grocery list not found", { column_name: "ingredients[2].unit" }), {
      type,
      message: "grocery list not found",
      field: "ingredients[2].unit",
      retryable: false,
    });
  }
  assert.equal(mapped("MP404", "recipe not found").field, undefined);
});

Deno.test("constraint and format errors are clear, without table names", () => {
  const unique = mapped("23505", 'duplicate key value violates unique constraint "grocery_lists_live_name_key"');
  assert.equal(unique.type, "CONFLICT");
  assert.equal(unique.retryable, false);
  assert.doesNotMatch(unique.message, /grocery_lists/);
  const foreign = mapped("23503", "insert or update on table planner_meals violates …", {
    detail: 'Key (household_id, recipe_id)=(a, b) is not present in table "recipes".',
  });
  assert.deepEqual(foreign, {
    type: "VALIDATION_ERROR",
    message: "The input refers to a record that does not exist.",
    field: "recipe_id",
    retryable: false,
  });
  for (const code of ["23514", "22P02", "22003", "22007", "22001", "22P05", "22021", "54000"]) {
    const body = mapped(code, 'new row for relation "recipes" violates check constraint');
    assert.equal(body.type, "VALIDATION_ERROR", code);
    assert.doesNotMatch(body.message, /recipes/);
  }
  assert.deepEqual(mapped("23502", "null value", { column_name: "title" }).field, "title");
  assert.equal(mapped("42501", "new row violates row-level security policy").type, "PERMISSION_DENIED");
});

Deno.test(
  "serialization failures and deadlocks are retryable conflicts; outages are retryable",
  quietly(() => {
    for (const code of ["40001", "40P01", "55P03"]) {
      assert.deepEqual([mapped(code).type, mapped(code).retryable], ["CONFLICT", true], code);
    }
    for (const code of ["57014", "08006", "53300", "57P01", "CONNECTION_CLOSED", "ECONNREFUSED"]) {
      assert.deepEqual([mapped(code).type, mapped(code).retryable], ["UNAVAILABLE", true], code);
    }
  }),
);

Deno.test(
  "anything else is INTERNAL with nothing leaked",
  quietly(() => {
    for (
      const error of [
        postgresError("42883", "function app.recipe_list(uuid, jsonb) does not exist"),
        new TypeError("x is undefined"),
        "boom",
      ]
    ) {
      const body = databaseErrorToAppError(error).toBody();
      assert.equal(body.type, "INTERNAL");
      assert.doesNotMatch(body.message, /app\.|undefined|boom/);
    }
    const expected = new AppError("NOT_FOUND", "kept");
    assert.equal(databaseErrorToAppError(expected), expected);
  }),
);
