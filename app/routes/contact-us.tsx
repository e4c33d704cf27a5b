import { data, redirect } from "react-router";
import { ContactUsForm } from "~/components/contact-us-form";
import { type ContactReason, contactTexts } from "~/lib/pages/contact-us";
import { ContactUsSchema } from "~/lib/pages/contact-us.server";
import { apiContext, memberSessionContext } from "~/lib/platform/contexts";
import { formFailure } from "~/lib/platform/form-failure.server";
import { pageUrl } from "~/lib/platform/request-url";
import { safeRedirectPath } from "~/lib/platform/safe-redirect";
import { readSubmission } from "~/lib/platform/submission.server";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/contact-us";

export const meta: Route.MetaFunction = screenMeta;

/** The standalone page: the form for `?reason=Question|Research`, returning to `?redirectTo=` afterwards. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = pageUrl(request);
  return {
    reason: reasonFrom(url.searchParams.get("reason")),
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), "/Projects"),
  };
}

/** Ask A Question / Request Research: POST Messages {reason, comment}, then back with the 'Submitted' message. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, ContactUsSchema);
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  const { reason, comment, redirectTo, js } = submission.value;
  try {
    await context.get(apiContext).call(endpoints.sendMessage, { body: { reason, comment } });
  } catch (error) {
    const failure = formFailure(error);
    if (!failure) throw error;
    return data(submission.reply({ formErrors: [failure.message] }), { status: failure.status });
  }
  context.get(memberSessionContext).flashToast({
    title: "Submitted",
    description: "Your message has been submitted successfully!",
    autoClose: true,
  });
  // A fetcher (JavaScript) closes its dialog on this answer; a plain form post goes back where it came from.
  if (js) return data(submission.reply());
  throw redirect(safeRedirectPath(redirectTo, "/Projects"));
}

export default function ContactUs({ loaderData, actionData }: Route.ComponentProps) {
  const posted = (actionData?.initialValue ?? {}) as { reason?: unknown; redirectTo?: unknown };
  const reason = actionData ? reasonFrom(posted.reason) : loaderData.reason;
  const redirectTo = safeRedirectPath(posted.redirectTo, loaderData.redirectTo);
  return (
    <div className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-xl font-bold text-slate-900">{contactTexts(reason).title}</h1>
      <ContactUsForm
        key={reason}
        reason={reason}
        redirectTo={redirectTo}
        lastResult={actionData}
        cancelHref={redirectTo}
      />
    </div>
  );
}

function reasonFrom(value: unknown): ContactReason {
  return value === "Research" ? "Research" : "Question";
}
