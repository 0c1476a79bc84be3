// The grocery ledger, stated once for every grocery tool that changes an amount; the SQL's
// private.grocery_ledger_violations checks exactly this.

/** What a live item's quantity is, as every write keeps it. */
export const ledgerStatement = "- The ledger: a live item's quantity is exactly the sum of its source rows (what " +
  "pushes, adds and syncs put there) minus its withdrawals (what grocery.sync_plan took back) plus its adjustments " +
  "(a person's edit with grocery.update_item, a conversion's rounding), each converted to the item's unit by the " +
  "units table's exact factors (compared in ml or g, where the factors multiply exactly; count units only to " +
  "themselves); rows left in a unit of another kind sum to exactly zero. Every write records its part, and a fold " +
  "or a conversion moves the removed line's rows onto the line it joins.";
