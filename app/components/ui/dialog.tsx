import { useEffect, useId, useRef } from "react";

/** The dialog library's default button labels (docs/product.md, Limits and timings). */
const DIALOG_LABELS = { ok: "OK", no: "No", cancel: "Cancel" } as const;

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Hide the title visually while keeping it as the dialog's accessible name. */
  hideTitle?: boolean;
  className?: string;
  /** Shown beside the content from 640 px (above it on narrow screens), such as the welcome popup's image. */
  media?: React.ReactNode;
  children: React.ReactNode;
};

/**
 * The one modal of the site, on the native <dialog>: the browser traps focus, makes the page behind inert, closes on
 * Escape and returns focus to the opener. A click on the backdrop closes it too.
 */
export function Modal({ open, onClose, title, hideTitle, className = "", media, children }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const content = (
    <div className="p-6">
      <h2 id={titleId} className={hideTitle ? "sr-only" : "mb-3 text-xl font-semibold"}>
        {title}
      </h2>
      {children}
    </div>
  );

  return (
    // The backdrop is the dialog element itself; keyboard users close with Escape, handled natively.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto max-h-[90vh] w-[calc(100%-2rem)] max-w-lg overflow-auto rounded-lg bg-card p-0 text-ink shadow-2xl backdrop:bg-black/50 ${className}`}
    >
      {media ? (
        <div className="grid sm:grid-cols-2">
          {media}
          {content}
        </div>
      ) : (
        content
      )}
    </dialog>
  );
}

export type AlertTone = "success" | "error" | "info";

const TONE_MARK: Record<AlertTone, { symbol: string; colour: string; label: string }> = {
  success: { symbol: "✓", colour: "bg-green-700", label: "Success" },
  error: { symbol: "!", colour: "bg-red-700", label: "Error" },
  info: { symbol: "i", colour: "bg-blue-700", label: "Information" },
};

/** A message with an icon and an OK button, the site's answer to form submissions. */
export function AlertDialog({
  open,
  onClose,
  title,
  message,
  tone = "info",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  message: string;
  tone?: AlertTone;
}) {
  const mark = TONE_MARK[tone];
  return (
    <Modal open={open} onClose={onClose} title={title} className="text-center">
      <span
        role="img"
        aria-label={mark.label}
        className={`mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full text-2xl font-bold text-white ${mark.colour}`}
      >
        {mark.symbol}
      </span>
      <p>{message}</p>
      <button
        type="button"
        onClick={onClose}
        // The only action, so the one a keyboard user lands on.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        className="mt-6 rounded bg-button px-6 py-2 font-semibold text-button-ink"
      >
        {DIALOG_LABELS.ok}
      </button>
    </Modal>
  );
}

/** What a form's submission came to, told in an alert. */
export type Outcome = { title: string; message: string; tone: AlertTone };

/** The alert for a form's outcome: open while there is one. */
export function OutcomeDialog({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  return (
    <AlertDialog
      open={outcome !== null}
      onClose={onClose}
      title={outcome?.title ?? ""}
      message={outcome?.message ?? ""}
      tone={outcome?.tone}
    />
  );
}
