import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";

export type ModalParts = {
  open: boolean;
  onClose: () => void;
  panelClass: string;
  titleId: string;
  header: (TitleTag: React.ElementType) => ReactNode;
  children: ReactNode;
};

/**
 * The hydrated form of every Modal: a Headless UI dialog (focus trap, Escape, backdrop click, inert page
 * behind). Loaded on demand by modal.tsx, so Headless UI is not part of any page's first load.
 */
export default function InteractiveModal({
  open,
  onClose,
  panelClass,
  titleId,
  header,
  children,
}: ModalParts) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className={panelClass} aria-labelledby={titleId} data-dialog-panel="">
          {header(DialogTitle)}
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
