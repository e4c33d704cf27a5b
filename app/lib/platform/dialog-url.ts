/**
 * Dialog open state in the URL (`?dialog=ask`), so a dialog that leads to a mutation also opens without
 * JavaScript. These helpers keep every other search parameter as it is.
 */
const DIALOG_PARAM = "dialog";
/** The open header menu without JavaScript (`?menu=contact`); a dialog chosen from it closes it. */
export const MENU_PARAM = "menu";

type LocationLike = { pathname: string; search: string };

function build(pathname: string, params: URLSearchParams) {
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** The current path and query with `?dialog=<name>` set. */
export function hrefWithDialog(location: LocationLike, name: string): string {
  const params = new URLSearchParams(location.search);
  params.set(DIALOG_PARAM, name);
  params.delete(MENU_PARAM);
  return build(location.pathname, params);
}

/** The current path and query without the dialog parameter (where a closed dialog, or a done form, goes back to). */
export function hrefWithoutDialog(location: LocationLike): string {
  const params = new URLSearchParams(location.search);
  params.delete(DIALOG_PARAM);
  params.delete(MENU_PARAM);
  return build(location.pathname, params);
}

/** The dialog named in the URL, if it is one of `names`. */
export function dialogFromSearch<T extends string>(search: string, names: readonly T[]): T | null {
  const value = new URLSearchParams(search).get(DIALOG_PARAM);
  return (names as readonly string[]).includes(value ?? "") ? (value as T) : null;
}
