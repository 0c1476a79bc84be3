/// <reference lib="dom" />
// Data from the API goes into the page as text nodes only (never innerHTML), so a recipe title cannot inject markup.

type Child = Node | string | null | undefined | false;

/** An element with attributes (`on…` functions become listeners) and children. */
export function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  attributes: Record<string, string | boolean | EventListener | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") node.addEventListener(name.slice(2).toLowerCase(), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((child): child is Node | string => Boolean(child)));
  return node;
}

export function byId<Type extends HTMLElement = HTMLElement>(id: string): Type {
  const node = document.getElementById(id);
  if (!node) throw new Error(`index.html has no #${id}`);
  return node as Type;
}

/** Replaces a container's children, or shows `empty` as a placeholder line when there are none. */
export function fill(container: HTMLElement, children: Node[], empty: string): void {
  container.replaceChildren(...(children.length ? children : [element("li", { class: "empty" }, empty)]));
}
