import type { Sql } from "../../shared/db/client.ts";

/** An item whose quantity differs from its ledger, as private.grocery_ledger_violations reports it. */
export interface LedgerViolation {
  grocery_item_id: string;
  quantity: string;
  unit: string;
  ledger_quantity: string;
  other_kinds: Record<string, string> | null;
}

/**
 * The live items of the list whose quantity is not the sum of their ledger rows (sources minus withdrawals plus
 * adjustments, converted exactly): empty when the ledger holds.
 */
export async function ledgerViolations(sql: Sql, listId: string): Promise<LedgerViolation[]> {
  const rows = await sql<LedgerViolation[]>`
    select v.grocery_item_id, v.quantity::text, v.unit, v.ledger_quantity::text, v.other_kinds
    from private.grocery_ledger_violations(${listId}) v order by v.grocery_item_id`;
  return [...rows];
}
