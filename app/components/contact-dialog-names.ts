/** The header's Contact Us dialogs, by their `?dialog=` name (kept apart so the shell need not load the form). */
export const CONTACT_DIALOGS = ["ask", "research"] as const;
export type ContactDialogName = (typeof CONTACT_DIALOGS)[number];
