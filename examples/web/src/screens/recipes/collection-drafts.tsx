/// <reference lib="dom" />
// The drafts a collection file was read into, one row each: whether it is ready, and if not why (each line that was
// not read or matched, in words), with a way to fix it in the recipe form or leave it out of the save. The lines the
// import set aside from a recipe's ingredients (steps, notes) are counted under its row, so a ready draft is never
// saved in bulk without its notes ("Not included", "optional: …") having been in sight.
import type { RecipeCreateInput } from "@meal-planner/client/tools-client.generated.ts";
import type { ImportedDraft } from "./collection-file.ts";
import { countWords, outcomeWords, type RecipeOutcome } from "./collection-save.ts";
import { draftFromImported, lineSavable, problemWords } from "./draft.ts";
import { LinesNotUsed } from "./lines-not-used.tsx";
import { RecipeForm } from "./recipe-form.tsx";

export interface CollectionItem {
  imported: ImportedDraft;
  /** The recipe as the person fixed it in the form, or null. */
  fixed: RecipeCreateInput | null;
  include: boolean;
  editing: boolean;
  outcome: RecipeOutcome | null;
}

export function itemTitle(item: CollectionItem): string {
  return item.fixed?.title ?? item.imported.draft.title ?? `Untitled (${item.imported.source.entry})`;
}

export function itemSavable(item: CollectionItem): boolean {
  return item.fixed !== null || item.imported.ready;
}

/** Why a draft is not ready, a sentence per thing to fix. */
export function attentionReasons(imported: ImportedDraft): string[] {
  const reasons = imported.lines
    .filter((line) => !lineSavable(line))
    .map((line) => `“${line.original}”: ${line.problems.map((problem) => problemWords[problem]).join("; ")}.`);
  if (!imported.draft.title) reasons.unshift("It has no title.");
  if (imported.lines.length === 0) reasons.push("No ingredient lines were read.");
  if (reasons.length === 0 && !imported.ready) reasons.push("It does not fit a recipe as it is: open it to check.");
  return reasons;
}

/** "1 line set aside", "2 lines set aside". */
export function setAsideWords(count: number): string {
  return `${countWords(count)} ${count === 1 ? "line" : "lines"} set aside`;
}

function statusWords(item: CollectionItem): string {
  if (item.outcome) return outcomeWords(item.outcome);
  if (item.fixed) return "Ready (fixed)";
  if (item.imported.ready) return "Ready";
  const count = item.imported.lines.filter((line) => !lineSavable(line)).length;
  return count ? `Needs attention: ${count} ${count === 1 ? "line" : "lines"}` : "Needs attention";
}

export function CollectionDrafts(
  { items, locked, onChange }: {
    items: CollectionItem[];
    /** While saving: nothing changes under the save. */
    locked: boolean;
    onChange: (index: number, fields: Partial<CollectionItem>) => void;
  },
) {
  return (
    <ol class="collection-drafts">
      {items.map((item, index) => {
        const id = `collection-draft-${index}`;
        const reasons = item.fixed ? [] : attentionReasons(item.imported);
        const state = item.outcome?.status ?? (itemSavable(item) ? "ready" : "attention");
        const setAside = item.imported.other_lines;
        return (
          <li key={item.imported.source.identity + index} class={`collection-draft ${state}`}>
            <div class="collection-draft-row">
              <input
                type="checkbox"
                id={id}
                checked={item.include && itemSavable(item)}
                disabled={locked || !itemSavable(item) || item.outcome !== null}
                aria-describedby={setAside.length ? `${id}-status ${id}-set-aside` : `${id}-status`}
                onChange={(event) => onChange(index, { include: event.currentTarget.checked })}
              />
              <label for={id}>{itemTitle(item)}</label>
              <span id={`${id}-status`} class="collection-draft-status">{statusWords(item)}</span>
            </div>
            <LinesNotUsed lines={setAside} summary={setAsideWords(setAside.length)} summaryId={`${id}-set-aside`} />
            {reasons.length || item.imported.warnings.length
              ? (
                <details>
                  <summary>{reasons.length ? "What needs attention" : "Notes from the reading"}</summary>
                  <ul>
                    {reasons.map((reason) => <li key={reason}>{reason}</li>)}
                    {item.imported.warnings.map((warning) => <li key={warning}>{warning}</li>)}
                  </ul>
                  {reasons.length && !locked && !item.outcome && !item.editing
                    ? (
                      <button type="button" class="secondary" onClick={() => onChange(index, { editing: true })}>
                        Fix “{itemTitle(item)}”
                      </button>
                    )
                    : null}
                </details>
              )
              : null}
            {item.editing
              ? (
                <RecipeForm
                  initial={draftFromImported(item.imported)}
                  saveLabel="Use these changes"
                  busy={false}
                  error={null}
                  onSave={(input) => onChange(index, { fixed: input, include: true, editing: false })}
                  onCancel={() => onChange(index, { editing: false })}
                />
              )
              : null}
          </li>
        );
      })}
    </ol>
  );
}
