import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useRef } from "react";
import { data, Form, Link, redirect, useNavigate } from "react-router";
import { z } from "zod";
import {
  buttonSecondaryClass,
  Field,
  FormAlert,
  PasswordField,
  SelectField,
  SubmitButton,
  useIsSubmitting,
} from "~/components/forms";
import { Modal } from "~/components/modal";
import { currentMember } from "~/lib/account/member.server";
import {
  ACCOUNT_SAVED,
  countryOptions,
  DEFAULT_COUNTRY,
  EMAIL_NEEDS_PASSWORD,
  EMAIL_PASSWORD_HINT,
  PASSWORD_CHANGED,
  PASSWORD_FAILED_TITLE,
  stateSelect,
} from "~/lib/account/profile-forms";
import {
  AccountSchema,
  CLEARED_PASSWORD_FIELDS,
  PasswordSchema,
  toAccountPayload,
} from "~/lib/account/profile-forms.server";
import { apiContext, memberSessionContext } from "~/lib/platform/contexts";
import { knownDevice, rememberDevice } from "~/lib/platform/device-cookie.server";
import { dialogFromSearch } from "~/lib/platform/dialog-url";
import { formFailure } from "~/lib/platform/form-failure.server";
import { type Attempt, loginLimiter } from "~/lib/platform/rate-limit.server";
import { loginUrlFor, pageUrl } from "~/lib/platform/request-url";
import { type FormSubmission, readSubmission } from "~/lib/platform/submission.server";
import { getAdvancedOptionsOrNull } from "~/lib/search/advanced-options.server";
import { screenMeta } from "~/screen-titles";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = screenMeta;

const ACCOUNT_PATH = "/Me/Account";
const PASSWORD_DIALOG_PATH = `${ACCOUNT_PATH}?dialog=password`;

/** The account edit fields (GET Users/Me?withSettings=1) and the states for the state select (cached). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [me, options] = await Promise.all([
    api.call(endpoints.meWithSettings, { query: { withSettings: 1 } }),
    getAdvancedOptionsOrNull(api),
  ]);
  const user = me.data;
  const place = ({ abbr, name }: { abbr: string; name: string }) => ({ abbr, name });
  return {
    account: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      address1: user.address1,
      address2: user.address2,
      city: user.city,
      state: user.state,
      county: user.county,
      zip: user.zip,
      country: user.country,
    },
    places: options ? { states: options.states.map(place), provinces: options.provinces.map(place) } : null,
    dialog: dialogFromSearch(pageUrl(request).search, ["password"] as const),
  };
}

type ActionResult = { intent: "account" | "password"; result: SubmissionResult<string[]> };

/** Two forms: `intent=account` saves the profile (PUT Users/Me), `intent=password` changes the password. */
const AccountPost = z.discriminatedUnion("intent", [AccountSchema, PasswordSchema]);

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, AccountPost);
  switch (submission.payload.intent) {
    case "password":
      return changePassword(request, context, submission as FormSubmission<z.output<typeof PasswordSchema>>);
    default:
      return saveAccount(request, context, submission as FormSubmission<z.output<typeof AccountSchema>>);
  }
}

/** The password dialog's form: the current password checked as the login's (decision 079), then the new one. */
async function changePassword(
  request: Request,
  context: Route.ActionArgs["context"],
  submission: FormSubmission<z.output<typeof PasswordSchema>>,
) {
  const api = context.get(apiContext);
  const session = context.get(memberSessionContext);
  const hideFields = CLEARED_PASSWORD_FIELDS;
  if (submission.status !== "success") {
    return data<ActionResult>(
      { intent: "password", result: submission.reply({ hideFields }) },
      { status: 400 },
    );
  }
  const { intent: _intent, ...body } = submission.value;
  // The current password is guessed here as on the login form: the same limits (decision 079).
  const member = await currentMember(context);
  if (!member) throw redirect(loginUrlFor(request));
  const limit = await passwordCheck(request, context, member.email);
  if (!limit.allowed) {
    return data<ActionResult>(
      { intent: "password", result: submission.reply({ formErrors: [limit.message], hideFields }) },
      { status: 429 },
    );
  }
  try {
    await api.call(endpoints.changePassword, { body });
  } catch (error) {
    await settleCheck(limit.attempt, error);
    const failure = formFailure(error);
    if (!failure) throw error;
    return data<ActionResult>(
      {
        intent: "password",
        result: submission.reply({
          formErrors: [failure.message],
          // The message is said once: above the form, not again under the field the API names.
          fieldErrors: withoutMessage(failure.fieldErrors, failure.message),
          hideFields,
        }),
      },
      { status: failure.status },
    );
  }
  await limit.attempt.clear();
  session.flashToast({ title: "Success!", description: PASSWORD_CHANGED, autoClose: true });
  throw redirect(ACCOUNT_PATH, { headers: { "Set-Cookie": await rememberDevice(request, member.email) } });
}

/** The profile form: a new e-mail address needs the current password. */
async function saveAccount(
  request: Request,
  context: Route.ActionArgs["context"],
  submission: FormSubmission<z.output<typeof AccountSchema>>,
) {
  const api = context.get(apiContext);
  const session = context.get(memberSessionContext);
  const hideFields = ["currentPassword"];
  if (submission.status !== "success") {
    return data<ActionResult>(
      { intent: "account", result: submission.reply({ hideFields }) },
      { status: 400 },
    );
  }
  const { intent: _intent, currentPassword, ...fields } = submission.value;
  // A new e-mail address needs the current password (the API checks it too, and mails the old address).
  const member = await currentMember(context);
  const emailChanged = Boolean(member) && fields.email.toLowerCase() !== member?.email.toLowerCase();
  if (emailChanged && !currentPassword) {
    return data<ActionResult>(
      {
        intent: "account",
        result: submission.reply({ fieldErrors: { currentPassword: [EMAIL_NEEDS_PASSWORD] }, hideFields }),
      },
      { status: 400 },
    );
  }
  // A new e-mail address with the current password: a password check, limited as the login is (decision 079).
  const limit = emailChanged && member ? await passwordCheck(request, context, member.email) : null;
  if (limit && !limit.allowed) {
    return data<ActionResult>(
      {
        intent: "account",
        result: submission.reply({ fieldErrors: { currentPassword: [limit.message] }, hideFields }),
      },
      { status: 429 },
    );
  }
  try {
    await api.call(endpoints.updateAccount, {
      body: { ...toAccountPayload(fields), ...(emailChanged ? { currentPassword } : {}) },
    });
  } catch (error) {
    if (limit) await settleCheck(limit.attempt, error);
    const failure = formFailure(error);
    if (!failure) throw error;
    return data<ActionResult>(
      {
        intent: "account",
        result: submission.reply({
          formErrors: [failure.message],
          fieldErrors: failure.fieldErrors,
          hideFields,
        }),
      },
      { status: failure.status },
    );
  }
  session.flashToast({ title: "Success!", description: ACCOUNT_SAVED, autoClose: true });
  if (!limit) throw redirect(ACCOUNT_PATH);
  await limit.attempt.clear();
  // This browser stays a known device of the account under its new address.
  throw redirect(ACCOUNT_PATH, { headers: { "Set-Cookie": await rememberDevice(request, fields.email) } });
}

/** The limiter's decision for a check of `email`'s current password from this request's device and client. */
async function passwordCheck(request: Request, context: Route.ActionArgs["context"], email: string) {
  return loginLimiter.begin(context, email, { device: await knownDevice(request, email) });
}

/** A refused current password counts as a failed login; any other outcome of the call does not count. */
async function settleCheck(attempt: Attempt, error: unknown) {
  const wrongPassword = Boolean(formFailure(error)?.fieldErrors.currentPassword?.length);
  await (wrongPassword ? attempt.count() : attempt.release());
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const accountResult = actionData?.intent === "account" ? actionData.result : undefined;
  const passwordResult = actionData?.intent === "password" ? actionData.result : undefined;
  const navigate = useNavigate();
  // Each answer of the password form renders a fresh form: the browser's typed passwords are cleared too
  // (with JavaScript the inputs would otherwise keep them), and only the message and field errors remain.
  const passwordVersion = useRef({ result: passwordResult, n: 0 });
  if (passwordVersion.current.result !== passwordResult) {
    passwordVersion.current = { result: passwordResult, n: passwordVersion.current.n + 1 };
  }
  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Account</h1>
        <Link to={PASSWORD_DIALOG_PATH} preventScrollReset className={buttonSecondaryClass}>
          Change password
        </Link>
      </div>
      <AccountForm account={loaderData.account} places={loaderData.places} lastResult={accountResult} />
      <Modal
        open={loaderData.dialog === "password"}
        title={
          Object.values(passwordResult?.error ?? {}).some((errors) => errors?.length)
            ? PASSWORD_FAILED_TITLE
            : "Change password"
        }
        onClose={() => navigate(ACCOUNT_PATH, { replace: true, preventScrollReset: true })}
        closeHref={ACCOUNT_PATH}
      >
        <PasswordForm key={passwordVersion.current.n} lastResult={passwordResult} />
      </Modal>
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function AccountForm({
  account,
  places,
  lastResult,
}: {
  account: LoaderData["account"];
  places: LoaderData["places"];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const state = stateSelect(places?.states ?? [], places?.provinces ?? [], account.state);
  const countries = countryOptions(account.country);
  const storedCountry = (account.country ?? "").trim();
  const country =
    countries.find((c) => c.value === storedCountry.toUpperCase())?.value ??
    (storedCountry || DEFAULT_COUNTRY);
  const [form, fields] = useForm<z.input<typeof AccountSchema>>({
    id: "account",
    lastResult,
    defaultValue: {
      ...account,
      state: places ? state.selected : (account.state ?? ""),
      country,
    },
  });
  const submitting = useIsSubmitting(ACCOUNT_PATH);

  return (
    <Form
      method="post"
      action={ACCOUNT_PATH}
      {...getFormProps(form)}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="account" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" meta={fields.first_name} autoComplete="given-name" />
        <Field label="Last name" meta={fields.last_name} autoComplete="family-name" />
        <div className="sm:col-span-2">
          <Field label="Email" meta={fields.email} type="email" autoComplete="email" />
        </div>
        <div className="sm:col-span-2">
          <PasswordField
            label="Your password"
            meta={fields.currentPassword}
            autoComplete="current-password"
            hint={EMAIL_PASSWORD_HINT}
          />
        </div>
        <Field label="Address" meta={fields.address1} autoComplete="address-line1" />
        <Field label="Address 2" meta={fields.address2} autoComplete="address-line2" />
        <Field label="City" meta={fields.city} autoComplete="address-level2" />
        {places ? (
          <SelectField
            label="State / Province"
            meta={fields.state}
            autoComplete="address-level1"
            placeholder="Select a state"
            groups={state.groups}
          />
        ) : (
          <Field label="State / Province" meta={fields.state} autoComplete="address-level1" />
        )}
        <Field label="County" meta={fields.county} />
        <Field label="Zip" meta={fields.zip} autoComplete="postal-code" />
        <SelectField
          label="Country"
          meta={fields.country}
          autoComplete="country"
          placeholder={null}
          options={countries}
        />
      </div>
      <div className="flex justify-end">
        <SubmitButton pending={submitting}>Save</SubmitButton>
      </div>
    </Form>
  );
}

function PasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<z.input<typeof PasswordSchema>>({
    id: "password",
    lastResult,
  });
  const submitting = useIsSubmitting(PASSWORD_DIALOG_PATH);
  return (
    <Form method="post" action={PASSWORD_DIALOG_PATH} {...getFormProps(form)} className="space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="password" />
      <PasswordField label="Current password" meta={fields.currentPassword} autoComplete="current-password" />
      <PasswordField label="New password" meta={fields.newPassword} autoComplete="new-password" keepValue />
      <PasswordField
        label="Confirm new password"
        meta={fields.confirmNewPassword}
        autoComplete="new-password"
        keepValue
      />
      <div className="flex justify-end gap-3">
        <Link to={ACCOUNT_PATH} replace preventScrollReset className={buttonSecondaryClass}>
          Cancel
        </Link>
        <SubmitButton pending={submitting}>Change password</SubmitButton>
      </div>
    </Form>
  );
}

/** Field messages other than the form's own message (an API may repeat it for the field it concerns). */
function withoutMessage(fieldErrors: Record<string, string[]>, message: string): Record<string, string[]> {
  const kept: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const others = messages.filter((m) => m !== message);
    if (others.length) kept[name] = others;
  }
  return kept;
}
