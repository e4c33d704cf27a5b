import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { MENU_PARAM } from "~/lib/platform/dialog-url";
import { CurrentSearchFields } from "../current-search-fields";

const triggerClass =
  "flex cursor-pointer items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/**
 * A header drop-down behind a real button, in both modes. Without JavaScript the button submits a GET
 * form that sets `?menu=<name>` (the page renders the menu open; the open menu's button submits without
 * it, closing it). With JavaScript the same button toggles the menu in place; a choice, a click outside,
 * Escape (focus returns to the button) and any navigation close it.
 */
export function HeaderMenu({
  name,
  label,
  children,
  triggerClassName = "",
  align = "right",
}: {
  /** The menu's value of the `menu` search parameter. */
  name: string;
  /** The trigger's content (text, or initials plus screen-reader text). */
  label: React.ReactNode;
  children: React.ReactNode;
  triggerClassName?: string;
  align?: "left" | "right";
}) {
  const location = useLocation();
  const openInUrl = new URLSearchParams(location.search).get(MENU_PARAM) === name;
  const [open, setOpen] = useState(openInUrl);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // Every navigation (a new location key) closes the menu, or opens it when the new URL names it.
  useEffect(() => {
    void location.key;
    setOpen(openInUrl);
  }, [openInUrl, location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node | null)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <form method="get" action={location.pathname}>
        <CurrentSearchFields search={location.search} omit={[MENU_PARAM]} />
        <button
          ref={buttonRef}
          type="submit"
          name={open ? undefined : MENU_PARAM}
          value={open ? undefined : name}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={(event) => {
            event.preventDefault();
            setOpen((value) => !value);
          }}
          className={`${triggerClass} ${triggerClassName}`}
        >
          {label}
        </button>
      </form>
      <div
        id={panelId}
        hidden={!open}
        className={`absolute z-40 mt-1 min-w-52 rounded-md border border-slate-200 bg-white py-1 shadow-lg ${
          align === "right" ? "right-0" : "left-0"
        }`}
      >
        {/* A choice (a link, a dialog opener, Logout) closes the menu once its own handler has run. */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the items are links and buttons, which click on Enter */}
        <ul className="text-sm" onClick={() => setOpen(false)}>
          {children}
        </ul>
      </div>
    </div>
  );
}

export const menuItemClass =
  "block w-full px-4 py-2 text-left text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none";
