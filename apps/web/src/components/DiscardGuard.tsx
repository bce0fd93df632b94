import { Button, Group, Modal, Text, type ModalProps } from "@mantine/core";
import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";

/**
 * What a dialog holding typed text uses to close: `requestClose` closes at once while nothing is typed,
 * and otherwise asks "Discard your changes?" first. Esc, a click outside, the close X and Cancel all call
 * it; a successful save calls the dialog's own close instead, since nothing is lost then.
 */
export interface DiscardGuard {
  /** True while the form, or an editor inside it, holds unsaved text. */
  isDirty: boolean;
  /** Closes the dialog, asking first when there is something to lose. */
  requestClose: () => void;
  /** True while the prompt is shown. */
  isAsking: boolean;
  keepEditing: () => void;
  discard: () => void;
  /** Lets an editor nested in the dialog (a comment, a description) say it holds unsaved text. */
  report: (part: string, isDirty: boolean) => void;
}

const ReportContext = createContext<DiscardGuard["report"] | null>(null);

/**
 * The guard of one dialog. `isDirty` is the dialog's own form state (Mantine's `form.isDirty()` or a
 * comparison of what was typed with what was there); nested editors add theirs with `useReportDirty`.
 */
export function useDiscardGuard(isDirty: boolean, onClose: () => void): DiscardGuard {
  const [isAsking, setAsking] = useState(false);
  const [dirtyParts, setDirtyParts] = useState<ReadonlySet<string>>(() => new Set());
  const dirty = isDirty || dirtyParts.size > 0;

  const report = useCallback((part: string, partDirty: boolean) => {
    setDirtyParts((current) => {
      if (current.has(part) === partDirty) return current;
      const next = new Set(current);
      if (partDirty) next.add(part);
      else next.delete(part);
      return next;
    });
  }, []);

  return {
    isDirty: dirty,
    isAsking,
    requestClose: () => (dirty ? setAsking(true) : onClose()),
    keepEditing: () => setAsking(false),
    discard: () => {
      setAsking(false);
      onClose();
    },
    report,
  };
}

/**
 * For an editor inside a guarded dialog: while `isDirty`, closing the dialog asks first. Outside a guarded
 * dialog (a comment form on a page) it does nothing.
 */
export function useReportDirty(isDirty: boolean): void {
  const report = useContext(ReportContext);
  const part = useId();
  useEffect(() => {
    if (!report) return;
    report(part, isDirty);
    return () => report(part, false);
  }, [report, part, isDirty]);
}

/** Makes a guard reachable by the editors below it. For dialogs built from `Modal.Root`, with `DiscardPrompt` beside them. */
export function DiscardGuardScope({ guard, children }: { guard: DiscardGuard; children: ReactNode }) {
  return <ReportContext.Provider value={guard.report}>{children}</ReportContext.Provider>;
}

/**
 * The question itself, over the dialog. Focus starts on "Keep editing" and Esc means the same, so no
 * key press throws text away by accident; Mantine returns focus to the field one was typing in. It is
 * rendered beside the dialog, not inside it, so that its Esc does not bubble (through React's tree) to the
 * dialog's own Esc handler and ask again.
 */
export function DiscardPrompt({ guard }: { guard: DiscardGuard }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={guard.isAsking}
      onClose={guard.keepEditing}
      title={t("discard_guard.title")}
      centered
      size="sm"
      zIndex={400}
      // Mantine listens for Esc on the window, and this prompt opens during the very Esc press that asked
      // for it, so its own listener would close it at once; Esc is read from the keys pressed in it instead.
      closeOnEscape={false}
      withCloseButton={false}
    >
      <div
        onKeyDown={(event) => {
          if (event.key === "Escape") guard.keepEditing();
        }}
      >
        <Text size="sm">{t("discard_guard.body")}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={guard.keepEditing} data-autofocus>
            {t("discard_guard.keep")}
          </Button>
          <Button color="red" onClick={guard.discard}>
            {t("discard_guard.discard")}
          </Button>
        </Group>
      </div>
    </Modal>
  );
}

/** Mantine's Modal whose every way of closing goes through `guard`. */
export function GuardedModal({ guard, children, ...props }: Omit<ModalProps, "onClose"> & { guard: DiscardGuard }) {
  return (
    <>
      <Modal {...props} onClose={guard.requestClose}>
        <DiscardGuardScope guard={guard}>{children}</DiscardGuardScope>
      </Modal>
      <DiscardPrompt guard={guard} />
    </>
  );
}

const InlineCloseContext = createContext<(() => void) | null>(null);

/**
 * For a form that sits in a page rather than a dialog (the files page's upload, doc and link forms): its
 * Cancel asks before discarding typed text, and so does leaving the page for another address of the app or
 * closing the tab. `isDirty` is the form's own state; editors nested deeper add theirs with `useReportDirty`.
 */
export function InlineFormGuard({ isDirty, onClose, children }: { isDirty: boolean; onClose: () => void; children: ReactNode }) {
  const guard = useDiscardGuard(isDirty, onClose);
  const blocker = useBlocker(guard.isDirty);
  useEffect(() => {
    if (!guard.isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [guard.isDirty]);
  // A blocked navigation asks the same question; its answer lets the navigation go on or stays.
  const leaving = blocker.state === "blocked";
  const prompt: DiscardGuard = leaving
    ? { ...guard, isAsking: true, keepEditing: () => blocker.reset?.(), discard: () => blocker.proceed?.() }
    : guard;
  return (
    <InlineCloseContext.Provider value={guard.requestClose}>
      <DiscardGuardScope guard={guard}>{children}</DiscardGuardScope>
      <DiscardPrompt guard={prompt} />
    </InlineCloseContext.Provider>
  );
}

/** What a Cancel button calls: the guarded close of the inline form around it, or `onClose` elsewhere. */
export function useGuardedClose(onClose: () => void): () => void {
  return useContext(InlineCloseContext) ?? onClose;
}
