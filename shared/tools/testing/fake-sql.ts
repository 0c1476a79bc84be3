import type { Sql } from "../../db/client.ts";

/** One call of the fake: the query text (parameters as $n) and the values, with sql.json values unwrapped. */
export interface RecordedQuery {
  text: string;
  values: unknown[];
}

export interface FakeSql {
  sql: Sql;
  queries: RecordedQuery[];
  /** The arguments of the last private.invoke call, by parameter name. */
  lastInvoke(): InvokeArguments;
}

export interface InvokeArguments {
  claims: Record<string, unknown>;
  householdId: string | null;
  tool: string;
  functionName: string;
  input: unknown;
  scope: string;
  isWrite: boolean;
  idempotencyKey: string | null;
  inputHash: string;
}

class JsonParameter {
  constructor(readonly value: unknown) {}
}

export type FakeResponder = (query: RecordedQuery) => unknown;

/** A canned private.invoke result. */
export function invokeResult(data: unknown, options: { replayed?: boolean; householdId?: string | null } = {}) {
  return [{ result: { replayed: options.replayed ?? false, data, household_id: options.householdId ?? null } }];
}

/**
 * A stand-in for postgres.js's tagged template: records every query and answers with `respond`
 * (rows, or a thrown error to imitate a PostgresError).
 */
export function createFakeSql(respond: FakeResponder = () => invokeResult({ done: true })): FakeSql {
  const queries: RecordedQuery[] = [];
  const tag = (strings: TemplateStringsArray, ...values: unknown[]) => {
    const text = strings.reduce((query, part, index) => `${query}$${index}${part}`);
    const query = {
      text,
      values: values.map((value) => (value instanceof JsonParameter ? value.value : value)),
    };
    queries.push(query);
    return Promise.resolve().then(() => respond(query));
  };
  const sql = Object.assign(tag, { json: (value: unknown) => new JsonParameter(value) }) as unknown as Sql;
  return {
    sql,
    queries,
    lastInvoke() {
      const query = queries.at(-1);
      if (!query) throw new Error("private.invoke was not called");
      const [claims, householdId, tool, functionName, input, scope, isWrite, idempotencyKey, inputHash] = query
        .values as [
          Record<string, unknown>,
          string | null,
          string,
          string,
          unknown,
          string,
          boolean,
          string | null,
          string,
        ];
      return { claims, householdId, tool, functionName, input, scope, isWrite, idempotencyKey, inputHash };
    },
  };
}

/** An error shaped like postgres.js's PostgresError. */
export function postgresError(code: string, message: string, fields: Record<string, string> = {}): Error {
  return Object.assign(new Error(message), { name: "PostgresError", code, ...fields });
}
