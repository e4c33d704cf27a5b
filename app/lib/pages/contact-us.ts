/** The Contact Us form's two reasons (Ask A Question, Request Research) and the texts of each. */
export const CONTACT_REASONS = ["Question", "Research"] as const;
export type ContactReason = (typeof CONTACT_REASONS)[number];

/** The member shell's contact dialogs, by their `?dialog=` name. */
export const CONTACT_DIALOGS = ["ask", "research"] as const;
export type ContactDialogName = (typeof CONTACT_DIALOGS)[number];

export function contactTexts(reason: ContactReason) {
  return reason === "Research"
    ? {
        title: "Request Research",
        submit: "Submit Request",
        placeholder: "What would you like us to investigate?",
      }
    : { title: "Ask A Question", submit: "Submit", placeholder: undefined };
}
