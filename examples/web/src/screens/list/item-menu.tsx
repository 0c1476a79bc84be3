/// <reference lib="dom" />
// A row's other actions behind one button (the disclosure pattern: the button says whether its panel is open and
// which panel it opens), so a row is one line on a phone. Escape closes the panel and gives the focus back to the
// button; so does a click or a focus anywhere outside it.
import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef } from "preact/hooks";

export function ItemMenu(
  { label, open, onToggle, children }: {
    /** What the button says to a screen reader: "Options for milk". */
    label: string;
    open: boolean;
    onToggle: (open: boolean) => void;
    children: ComponentChildren;
  },
) {
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) onToggle(false);
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("focusin", outside);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("focusin", outside);
    };
  }, [open]);

  return (
    <div
      class="item-menu"
      ref={root}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        event.preventDefault();
        onToggle(false);
        button.current?.focus();
      }}
    >
      <button
        type="button"
        class="menu-button"
        ref={button}
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => onToggle(!open)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      <div id={panelId} class="menu-panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
