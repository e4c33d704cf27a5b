import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { Field, FormAlert, SubmitWithLink, useIsSubmitting } from "~/components/forms";
import { ResultDialog } from "~/components/result-dialog";
import { apiContext, memberSessionContext } from "~/lib/platform/contexts";
import { formFailure } from "~/lib/platform/form-failure.server";
import { EMAIL_MAX, tooLong } from "~/lib/platform/form-limits";
import { publicFormLimiter } from "~/lib/platform/rate-limit.server";
import { readSubmission } from "~/lib/platform/submission.server";
import { screenMeta } from "~/screen-titles";
import type { ForgotPasswordAnswer } from "../../contract/auth";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = screenMeta;

const ForgotSchema = z.object({
  email: z
    .email({
      error: (issue) => (issue.input ? "Please enter a valid email address." : "Please enter your email."),
    })
    .max(EMAIL_MAX, tooLong(EMAIL_MAX)),
});

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, ForgotSchema);
  if (submission.status !== "success")
    return data({ reply: submission.reply(), error: null }, { status: 400 });
  const limit = await publicFormLimiter("forgot-password").begin(context, submission.value.email);
  if (!limit.allowed) {
    return data(
      { reply: submission.reply(), error: { title: "Error!", description: limit.message } },
      { status: 429 },
    );
  }
  let answer: z.infer<typeof ForgotPasswordAnswer>;
  try {
    answer = await context
      .get(apiContext)
      .call(endpoints.forgotPassword, { body: { email: submission.value.email } });
  } catch (error) {
    // Only an answer of the API counts (it may have sent a mail); an unreachable API does not, nor the API's own
    // limit (429: it sent nothing).
    const failure = formFailure(error);
    await (failure?.refused && failure.status !== 429 ? limit.attempt.count() : limit.attempt.release());
    if (!failure) throw error;
    return data(
      { reply: submission.reply(), error: { title: "Error!", description: failure.message } },
      { status: failure.status === 429 ? 429 : 400 },
    );
  }
  await limit.attempt.count();
  context.get(memberSessionContext).flashToast({ title: "Sent!", description: answer.message });
  throw redirect("/ForgotPassword");
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof ForgotSchema>>({
    lastResult: actionData?.reply,
    constraint: { email: { required: true } },
  });
  const submitting = useIsSubmitting();
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Forgot your password?</h1>
      <p className="mb-6 text-sm text-slate-600">
        Enter the e-mail address of your account and we will send you a link to reset your password.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <Field label="Email" meta={fields.email} type="email" autoComplete="email" />
        <SubmitWithLink pending={submitting} to="/Login" linkText="Back to login">
          Send reset link
        </SubmitWithLink>
      </Form>
      <ResultDialog result={actionData?.error} />
    </>
  );
}
