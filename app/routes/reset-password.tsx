import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { FormAlert, PasswordField, SubmitWithLink, useIsSubmitting } from "~/components/forms";
import { ResultDialog } from "~/components/result-dialog";
import { type AnswerOf, ApiRequestError } from "~/lib/platform/api.server";
import { apiContext, memberSessionContext } from "~/lib/platform/contexts";
import { rememberDevice } from "~/lib/platform/device-cookie.server";
import { formFailure } from "~/lib/platform/form-failure.server";
import { PASSWORD_MAX, tooLong } from "~/lib/platform/form-limits";
import { pageUrl } from "~/lib/platform/request-url";
import { readSubmission } from "~/lib/platform/submission.server";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = screenMeta;

const ResetSchema = z.object({
  newPassword: z.string({ error: "Please enter a new password." }).max(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
});

/**
 * Whether the mailed link still works, asked when it is opened: a used or expired link says so at once, not after
 * the new password is typed (issue 43). An API without the check (a 404 or 405) shows the form, whose post the
 * API refuses as before. An API out of reach answers the page with its failure's status (502/503/504) and says
 * so above the form, which stays: after a failed post under the same fault it still holds what was typed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    await context
      .get(apiContext)
      .call(endpoints.checkResetToken, { body: { reset_token: params.resetToken } });
    return { linkInvalid: false, checkError: null };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      return { linkInvalid: error.status === 422 || error.status === 400, checkError: null };
    }
    const failure = formFailure(error);
    if (!failure) throw error;
    return data({ linkInvalid: false, checkError: failure.message }, { status: failure.status });
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, ResetSchema);
  const hideFields = ["newPassword"];
  if (submission.status !== "success") {
    return data({ reply: submission.reply({ hideFields }), error: null }, { status: 400 });
  }
  const api = context.get(apiContext);
  const session = context.get(memberSessionContext);
  let answer: AnswerOf<typeof endpoints.resetPassword>;
  try {
    answer = await api.call(endpoints.resetPassword, {
      body: { reset_token: params.resetToken, newPassword: submission.value.newPassword },
    });
  } catch (error) {
    const failure = formFailure(error);
    if (!failure) throw error;
    return data(
      {
        reply: submission.reply({ hideFields }),
        error: { title: "Error!", description: failure.message },
      },
      { status: 400 },
    );
  }
  // 'Go to Dashboard' must find the member logged in with the new password: log in now, on the server.
  try {
    const login = await api.call(endpoints.login, {
      body: { email: answer.user.email, password: submission.value.newPassword },
    });
    await session.startFresh(login.data.accessToken);
  } catch (error) {
    console.warn("[reset] automatic login after reset failed:", (error as Error)?.name);
  }
  session.flashToast({ title: "Success!", description: answer.message, kind: "reset-done" });
  // The member proved the mailbox and chose the password here: this browser is a known device of the account.
  throw redirect(pageUrl(request).pathname, {
    headers: { "Set-Cookie": await rememberDevice(request, answer.user.email) },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  // After a reset done here the link is used: the success message shows over the form, not this notice.
  const resetDone = useRootData()?.toast?.kind === "reset-done";
  if (loaderData.linkInvalid && !actionData && !resetDone) return <LinkNoLongerWorks />;
  return <ResetForm actionData={actionData} checkError={actionData ? null : loaderData.checkError} />;
}

/** A used or expired link: said plainly, with the way to a new one. */
function LinkNoLongerWorks() {
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">This reset link no longer works</h1>
      <p className="mb-6 text-sm text-slate-700">
        The password reset link has already been used or has expired. Only the newest link we e-mailed works,
        for one hour. Ask for a new link below.
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <Link
          to="/ForgotPassword"
          className="inline-flex items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Send a new reset link
        </Link>
        <Link to="/Login" className="text-sm font-medium text-brand-700 underline hover:text-brand-900">
          Back to login
        </Link>
      </div>
    </>
  );
}

function ResetForm({
  actionData,
  checkError,
}: {
  actionData: Route.ComponentProps["actionData"];
  /** The service out of reach when the link was checked. */
  checkError: string | null;
}) {
  const [form, fields] = useForm<z.input<typeof ResetSchema>>({
    lastResult: actionData?.reply,
    constraint: { newPassword: { required: true } },
  });
  const submitting = useIsSubmitting();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Set a new password</h1>
      <p className="mb-6 text-sm text-slate-600">Choose the new password for your account.</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={checkError ? [checkError] : form.errors} />
        <PasswordField label="New password" meta={fields.newPassword} autoComplete="new-password" />
        <SubmitWithLink pending={submitting} to="/Login" linkText="Back to login">
          Reset password
        </SubmitWithLink>
      </Form>
      <ResultDialog result={actionData?.error} />
    </>
  );
}
