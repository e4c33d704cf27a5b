import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import type { z } from "zod";
import { useHydrated } from "~/components/hydrated";
import { type ContactDialogName, type ContactReason, contactTexts } from "~/lib/pages/contact-us";
import type { ContactUsSchema } from "~/lib/pages/contact-us.server";
import { hrefWithoutDialog } from "~/lib/platform/dialog-url";
import { FormAlert, SubmitButton, TextareaField, useIsSubmitting } from "./forms";
import { Modal } from "./modal";

const CONTACT_US_ACTION = "/ContactUs";

const reasonForDialog = (name: ContactDialogName): ContactReason =>
  name === "research" ? "Research" : "Question";

type ContactUsResult = SubmissionResult<string[]>;

/**
 * The Ask A Question / Request Research form. `fetcher` (JavaScript) posts without a navigation and the
 * dialog shows errors in place; otherwise a plain form posts to /ContactUs, which redirects back to
 * `redirectTo` on success or renders itself with the message on failure.
 */
export function ContactUsForm({
  reason,
  redirectTo,
  lastResult,
  fetcher,
  onCancel,
  cancelHref,
}: {
  reason: ContactReason;
  redirectTo: string;
  lastResult: ContactUsResult | undefined;
  fetcher?: ReturnType<typeof useFetcher<ContactUsResult>>;
  onCancel?: () => void;
  cancelHref?: string;
}) {
  const hydrated = useHydrated();
  const texts = contactTexts(reason);
  const [form, fields] = useForm<z.input<typeof ContactUsSchema>>({
    lastResult,
    defaultValue: { reason, redirectTo },
  });
  const navigationPending = useIsSubmitting(CONTACT_US_ACTION);
  const pending = fetcher ? fetcher.state !== "idle" : navigationPending;
  const FormComponent = fetcher ? fetcher.Form : Form;
  const postedRedirect = (lastResult?.initialValue as { redirectTo?: unknown } | undefined)?.redirectTo;

  return (
    <FormComponent method="post" action={CONTACT_US_ACTION} {...getFormProps(form)} className="space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="reason" value={reason} />
      <input
        type="hidden"
        name="redirectTo"
        value={typeof postedRedirect === "string" ? postedRedirect : redirectTo}
      />
      {fetcher && hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <TextareaField label="Comment" meta={fields.comment} placeholder={texts.placeholder} rows={6} />
      <div className="flex flex-wrap justify-end gap-3">
        {onCancel && hydrated ? (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Cancel
          </button>
        ) : cancelHref ? (
          <a
            href={cancelHref}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Cancel
          </a>
        ) : null}
        <SubmitButton pending={pending}>{texts.submit}</SubmitButton>
      </div>
    </FormComponent>
  );
}

/**
 * The Contact Us dialog of the member shell, open for `name`. With JavaScript it posts through a fetcher
 * and closes itself on success (the 'Submitted' toast comes with the revalidated root data).
 */
export function ContactUsDialog({ name, onClose }: { name: ContactDialogName; onClose: () => void }) {
  const location = useLocation();
  const fetcher = useFetcher<ContactUsResult>();
  const reason = reasonForDialog(name);
  const closeHref = hrefWithoutDialog(location);
  const succeeded = fetcher.state === "idle" && fetcher.data?.status === "success";

  useEffect(() => {
    if (succeeded) onClose();
  }, [succeeded, onClose]);

  return (
    <Modal open={!succeeded} title={contactTexts(reason).title} onClose={onClose} closeHref={closeHref}>
      <ContactUsForm
        reason={reason}
        redirectTo={closeHref}
        lastResult={fetcher.data}
        fetcher={fetcher}
        onCancel={onClose}
        cancelHref={closeHref}
      />
    </Modal>
  );
}
