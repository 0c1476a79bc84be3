// The names a describer mentions: collected from a tool's input by field name, read in one round trip
// (app.describe_names, as the caller under RLS), and given back as words, never as ids.
import { isUuid } from "../../ids.ts";

export const mentionKinds = [
  "lists",
  "items",
  "recipes",
  "meals",
  "ingredients",
  "members",
  "series",
  "invocations",
] as const;
export type MentionKind = (typeof mentionKinds)[number];

/** The ids of each kind a sentence mentions. */
export type Mentions = Record<MentionKind, string[]>;

// Which kind of row an input field names: the tools spell every id field this way.
const kindOfField: Readonly<Record<string, MentionKind>> = {
  grocery_list_id: "lists",
  grocery_item_id: "items",
  item_ids: "items",
  recipe_id: "recipes",
  source_recipe_id: "recipes",
  planner_meal_id: "meals",
  ingredient_id: "ingredients",
  user_id: "members",
  series_id: "series",
  invocation_id: "invocations",
};

export function noMentions(): Mentions {
  return Object.fromEntries(mentionKinds.map((kind) => [kind, []])) as unknown as Mentions;
}

/** Adds the ids the input names (at any depth: a push's lines name ingredients) to `into`. */
export function collectMentions(input: unknown, into: Mentions = noMentions()): Mentions {
  const visit = (value: unknown, kind: MentionKind | undefined) => {
    if (Array.isArray(value)) {
      for (const element of value) visit(element, kind);
    } else if (typeof value === "object" && value !== null) {
      for (const [field, inner] of Object.entries(value)) visit(inner, kindOfField[field]);
    } else if (kind && isUuid(value) && !into[kind].includes(value.toLowerCase())) {
      into[kind].push(value.toLowerCase());
    }
  };
  visit(input, undefined);
  return into;
}

/** What app.describe_names answers: the household's name and, per kind, what it could read, keyed by id. */
export interface NameTables {
  household?: { name: string } | null;
  lists?: Record<string, { name: string }>;
  items?: Record<string, { name: string; list_id: string; list_name: string }>;
  recipes?: Record<string, { title: string }>;
  meals?: Record<string, { date: string; meal_type: string; recipe_title: string | null }>;
  ingredients?: Record<string, { name: string }>;
  members?: Record<string, { email: string | null; display_name?: string | null }>;
  series?: Record<string, { meal_type: string; recipe_title: string | null }>;
  invocations?: Record<
    string,
    { tool: string; input: Record<string, unknown> | null; recorded?: Recorded; summary: string | null }
  >;
}

/**
 * What a recorded write's reply says the rows were before it: a rename's previous name, a change's previous values.
 * Names are read as they are now, so a describer of a rename or a move takes the "before" from here when it has it.
 */
export interface Recorded {
  previous_name?: string;
  previous?: Record<string, unknown>;
}

type TableKind = Exclude<keyof NameTables, "household">;
type RowOf<Kind extends TableKind> = NonNullable<NameTables[Kind]> extends Record<string, infer Row> ? Row : never;

/** A planned meal in words: its day, its slot and its recipe's title. */
export interface MealWords {
  date: string;
  mealType: string;
  recipeTitle: string;
}

/**
 * Words for the rows a describer mentions. Each method answers the name when the caller could read the row, and a
 * phrase otherwise ("a list that no longer exists"), so no sentence carries an id.
 */
export class Names {
  constructor(
    private readonly tables: NameTables,
    /** Describes a recorded write (history.undo's sentence names what it undoes); null when unknown. */
    readonly describeInvocation: (invocationId: string) => string | null = () => null,
  ) {}

  private row<Kind extends TableKind>(kind: Kind, id: string | null | undefined): RowOf<Kind> | undefined {
    if (!id) return undefined;
    const table = this.tables[kind] as Record<string, RowOf<Kind>> | undefined;
    return table?.[id.toLowerCase()];
  }

  household(): string {
    return this.tables.household?.name ?? "the household";
  }

  list(id: string | null | undefined): string {
    return this.row("lists", id)?.name ?? "a list that no longer exists";
  }

  item(id: string | null | undefined): string {
    return this.row("items", id)?.name ?? "an item";
  }

  /** The list an item is on, by name. */
  itemList(id: string | null | undefined): string {
    return this.row("items", id)?.list_name ?? "its list";
  }

  recipe(id: string | null | undefined): string {
    return this.row("recipes", id)?.title ?? "a recipe that no longer exists";
  }

  ingredient(id: string | null | undefined): string {
    return this.row("ingredients", id)?.name ?? "an ingredient";
  }

  member(id: string | null | undefined): string {
    const member = this.row("members", id);
    return member?.display_name ?? member?.email ?? "a member";
  }

  meal(id: string | null | undefined): MealWords | undefined {
    const meal = this.row("meals", id);
    return meal && { date: meal.date, mealType: meal.meal_type, recipeTitle: meal.recipe_title ?? "a recipe" };
  }

  series(id: string | null | undefined): { mealType: string; recipeTitle: string } | undefined {
    const series = this.row("series", id);
    return series && { mealType: series.meal_type, recipeTitle: series.recipe_title ?? "a recipe" };
  }
}
