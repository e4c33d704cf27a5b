import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * With JavaScript, closes every open `<details>` menu inside the returned ref on navigation,
 * on a click outside it, and on Escape (focus goes back to its summary). Without JavaScript the
 * menus are plain `<details>` elements that open and close natively.
 */
export function useDetailsMenus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();

  useEffect(() => {
    void location.key;
    for (const details of ref.current?.querySelectorAll("details[open]") ?? [])
      details.removeAttribute("open");
  }, [location.key]);

  useEffect(() => {
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node | null;
      for (const details of ref.current?.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]") ??
        []) {
        if (!target || !details.contains(target)) details.open = false;
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const details of ref.current?.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]") ??
        []) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return ref;
}

/** A header drop-down: `<details>/<summary>` so it works without JavaScript. */
export function HeaderMenu({
  label,
  children,
  summaryClassName = "",
  align = "right",
}: {
  /** The summary's content (text, or initials plus screen-reader text). */
  label: React.ReactNode;
  children: React.ReactNode;
  summaryClassName?: string;
  align?: "left" | "right";
}) {
  return (
    <details data-menu className="group relative">
      <summary
        className={`flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {label}
      </summary>
      <div
        className={`absolute z-40 mt-1 min-w-52 rounded-md border border-slate-200 bg-white py-1 shadow-lg ${
          align === "right" ? "right-0" : "left-0"
        }`}
      >
        <ul className="text-sm">{children}</ul>
      </div>
    </details>
  );
}

export const menuItemClass =
  "block w-full px-4 py-2 text-left text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none";
