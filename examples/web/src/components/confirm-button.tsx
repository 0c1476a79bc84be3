/// <reference lib="dom" />
// A button for a step that cannot simply be taken back by the person who takes it (removing a member, leaving the
// household): it asks first, in a modal <dialog> of the page's own (the browser's confirm() is unstyled, blocks
// the page and cannot be tested or read the same way by every screen reader). The dialog is named by its question,
// opens with the focus on Cancel, and Escape or Cancel closes it; the browser puts the focus back on the button.
import type { ComponentChildren } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";

export function ConfirmButton(props: {
  /** What the button says. */
  children: ComponentChildren;
  /** The button's accessible name when its text is not enough ("Remove ann@example.com"). */
  label?: string;
  class?: string;
  disabled?: boolean;
  /** The question, in words ("Remove ann@example.com from the household?"). */
  question: string;
  /** What it says beside the question, if anything ("You will need a new invite link to come back."). */
  detail?: string;
  /** The confirming button's text ("Remove", "Leave"). */
  confirm: string;
  onConfirm: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  // The dialog is in the page only while it is asked, so its words are found nowhere else.
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (asking && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [asking]);
  return (
    <>
      <button
        type="button"
        class={props.class}
        disabled={props.disabled}
        aria-label={props.label}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
      >
        {props.children}
      </button>
      {asking
        ? (
          <dialog
            ref={dialog}
            class="confirm-dialog"
            aria-labelledby={`${id}-question`}
            aria-describedby={props.detail ? `${id}-detail` : undefined}
            onClose={() => setAsking(false)}
          >
            <form
              method="dialog"
              onSubmit={(event) => {
                const chosen = (event as SubmitEvent).submitter as HTMLButtonElement | null;
                if (chosen?.value === "confirm") props.onConfirm();
              }}
            >
              <p id={`${id}-question`} class="question">{props.question}</p>
              {props.detail ? <p id={`${id}-detail`}>{props.detail}</p> : null}
              <div class="actions">
                <button type="submit" value="cancel" class="secondary" autofocus>Cancel</button>
                <button type="submit" value="confirm" class="danger">{props.confirm}</button>
              </div>
            </form>
          </dialog>
        )
        : null}
    </>
  );
}
