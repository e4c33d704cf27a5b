import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, redirect, useSearchParams } from "react-router";
import { z } from "zod";
import { Field, FormAlert, PasswordField, SubmitWithLink, useIsSubmitting } from "~/components/forms";
import { apiContext, memberSessionContext } from "~/lib/platform/contexts";
import { knownDevice, rememberDevice } from "~/lib/platform/device-cookie.server";
import { formFailure } from "~/lib/platform/form-failure.server";
import { EMAIL_MAX, PASSWORD_TYPED_MAX, tooLong } from "~/lib/platform/form-limits";
import { loginLimiter } from "~/lib/platform/rate-limit.server";
import { safeRedirectPath } from "~/lib/platform/safe-redirect";
import { readSubmission } from "~/lib/platform/submission.server";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = screenMeta;

export const LOGIN_FAILED = "Incorrect email or password combination. Please try again.";

const LoginSchema = z.object({
  email: z
    .email({
      error: (issue) => (issue.input ? "Please enter a valid email address." : "Please enter your email."),
    })
    .max(EMAIL_MAX, tooLong(EMAIL_MAX)),
  password: z
    .string({ error: "Please enter your password." })
    .max(PASSWORD_TYPED_MAX, tooLong(PASSWORD_TYPED_MAX)),
  redirect: z.string().max(2048).optional().catch(undefined),
});

export async function loader({ context }: Route.LoaderArgs) {
  return { sessionExpired: context.get(memberSessionContext).expired };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, LoginSchema);
  const hideFields = ["password"];
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields }), { status: 400 });
  }
  const { email, password } = submission.value;

  // A browser that has logged in to this account before is limited by its own failures only (decision 079), by
  // the app and by the API alike (decision 105).
  const device = await knownDevice(request, email);
  const limit = await loginLimiter.begin(context, email, { device });
  if (!limit.allowed) {
    return data(submission.reply({ formErrors: [limit.message], hideFields }), { status: 429 });
  }

  let token: string;
  try {
    const answer = await context.get(apiContext).call(endpoints.login, { body: { email, password }, device });
    token = answer.data.accessToken;
  } catch (error) {
    // Only a refusal of the API counts as a failed password check; an unreachable API does not, nor the API's
    // own limit (429: it checked no password).
    const failure = formFailure(error);
    await (failure?.refused && failure.status !== 429 ? limit.attempt.count() : limit.attempt.release());
    if (!failure) throw error;
    if (!failure.refused) {
      return data(submission.reply({ formErrors: [failure.message], hideFields }), { status: 503 });
    }
    return data(submission.reply({ formErrors: [failure.message || LOGIN_FAILED], hideFields }), {
      status: failure.status === 429 ? 429 : 400,
    });
  }

  await limit.attempt.clear();
  await context.get(memberSessionContext).startFresh(token);
  const target = safeRedirectPath(submission.value.redirect, "/");
  throw redirect(target.toLowerCase().startsWith("/login") ? "/" : target, {
    headers: { "Set-Cookie": await rememberDevice(request, email) },
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    lastResult: actionData,
    constraint: { email: { required: true }, password: { required: true } },
  });
  const submitting = useIsSubmitting();

  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Log in</h1>
      {loaderData.sessionExpired && !form.errors?.length ? (
        <p role="status" className="mb-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Your session has expired. Please log in again.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirect" value={searchParams.get("redirect") ?? ""} />
        <Field label="Email" meta={fields.email} type="email" autoComplete="username" />
        <PasswordField label="Password" meta={fields.password} autoComplete="current-password" />
        <SubmitWithLink pending={submitting} to="/ForgotPassword" linkText="Forgot your password?">
          Log in
        </SubmitWithLink>
      </Form>
    </>
  );
}
