import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { data, Form, Link, redirect } from "react-router";
import { CardSection } from "~/components/card-section";
import { CheckboxGroupField, ErrorList, FormAlert, SubmitButton, useIsSubmitting } from "~/components/forms";
import { LitePagesSwitch } from "~/components/lite-banner";
import {
  alertChoicesOutside,
  alertCoverageNote,
  COVERAGE_NOT_CHOSEN,
  coveredOptions,
} from "~/lib/account/alert-coverage";
import { signedInMember } from "~/lib/account/member.server";
import { SETTINGS_FAILED, SETTINGS_SAVED, SETTINGS_SAVED_TITLE } from "~/lib/account/profile-forms";
import { SettingsSchema, toSettingsPayload } from "~/lib/account/profile-forms.server";
import { apiContext, memberSessionContext } from "~/lib/platform/contexts";
import { formFailure } from "~/lib/platform/form-failure.server";
import { useLitePages } from "~/lib/platform/lite-pages";
import { readSubmission } from "~/lib/platform/submission.server";
import { getAdvancedOptionsOrNull } from "~/lib/search/advanced-options.server";
import { screenMeta } from "~/screen-titles";
import { ALERT_OPERATORS, DEFAULT_MAIL_TIME_ZONE, MAIL_TIME_ZONES } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = screenMeta;

const SETTINGS_PATH = "/Me/Settings";
const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

/**
 * The alert settings (GET Users/Me?withSettings=1) and the project types and states to choose from (cached): only
 * those the member's plan covers, with the sentence that says so (decision 104).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [me, options] = await Promise.all([
    api.call(endpoints.meWithSettings, { query: { withSettings: 1 } }),
    getAdvancedOptionsOrNull(api),
  ]);
  const coverage = me.data.alert_coverage;
  const option = (o: { id: number; name: string }) => ({ value: String(o.id), label: o.name });
  const places = options ? [...options.states, ...options.provinces] : [];
  const all = options ? { projectTypes: options.projectTypes.map(option), states: places.map(option) } : null;
  return {
    settings: me.data.settings,
    options: all
      ? {
          projectTypes: coveredOptions(all.projectTypes, coverage?.project_types),
          states: coveredOptions(all.states, coverage?.states),
        }
      : null,
    coverageNote: all ? alertCoverageNote(coverage, { ...all, places }) : null,
  };
}

/** PUT Users/Me with the alert fields. A failure is logged and the form comes back with what was chosen. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, SettingsSchema);
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  // The page offers only what the plan covers; a post with more is refused here too (the API refuses it as well).
  const outside = alertChoicesOutside(
    submission.value,
    (await signedInMember(context, request)).alert_coverage,
  );
  if (outside) return data(submission.reply({ fieldErrors: outside }), { status: 422 });
  try {
    await context
      .get(apiContext)
      .call(endpoints.updateAccount, { body: toSettingsPayload(submission.value) });
  } catch (error) {
    const failure = formFailure(error);
    if (!failure) throw error;
    // A failed settings save is logged. The member also gets a neutral line (and the API's
    // per-field messages under their fields), and keeps what they chose: nothing is lost silently.
    console.error(`[settings] PUT Users/Me failed (${failure.status}): ${failure.message}`);
    return data(submission.reply({ formErrors: [SETTINGS_FAILED], fieldErrors: failure.fieldErrors }), {
      status: failure.status,
    });
  }
  context
    .get(memberSessionContext)
    .flashToast({ title: SETTINGS_SAVED_TITLE, description: SETTINGS_SAVED, autoClose: true });
  throw redirect(SETTINGS_PATH);
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, options, coverageNote } = loaderData;
  const [form, fields] = useForm({
    id: "settings",
    lastResult: actionData,
    defaultValue: {
      alert_weekly: settings.alert_weekly ? "on" : undefined,
      // No operator stored yet: 'Greater Than', which is what the API applies to a value without one.
      alert_operator: String(settings.alert_operator ?? 1),
      alert_value: settings.alert_value ?? "",
      alert_project_types: settings.alert_project_types.map(String),
      alert_states: settings.alert_states.map(String),
      // Reminder e-mails are on unless the member turned them off (an API without the setting: on).
      reminder_mail: settings.reminder_mail === false ? undefined : "on",
      time_zone: settings.time_zone ?? DEFAULT_MAIL_TIME_ZONE,
    },
  });
  const timeZones: readonly { id: string; label: string }[] =
    settings.time_zone && !MAIL_TIME_ZONES.some((z) => z.id === settings.time_zone)
      ? [...MAIL_TIME_ZONES, { id: settings.time_zone, label: settings.time_zone }]
      : MAIL_TIME_ZONES;
  const submitting = useIsSubmitting(SETTINGS_PATH);
  const selectedTypes = asList(fields.alert_project_types.initialValue);
  const selectedStates = asList(fields.alert_states.initialValue);
  return (
    <div className="max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
      <Form
        method="post"
        action={SETTINGS_PATH}
        {...getFormProps(form)}
        className="space-y-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 className="text-lg font-semibold text-slate-900">Alert preferences</h2>
        <FormAlert id={form.errorId} errors={form.errors} />

        <CheckboxWithNote meta={fields.alert_weekly} label="Weekly alerts" noteId="alert-mail-note">
          Every Monday morning we e-mail you the new and updated projects that match these settings, and add
          them to your Alerts.
        </CheckboxWithNote>

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label
              htmlFor={fields.alert_operator.id}
              className="mb-1 block text-sm font-medium text-slate-700"
            >
              Project value
            </label>
            <select
              {...getSelectProps(fields.alert_operator)}
              key={fields.alert_operator.key}
              className={inputClass}
            >
              {ALERT_OPERATORS.map((label, index) => (
                <option key={label} value={String(index)}>
                  {label}
                </option>
              ))}
            </select>
            <ErrorList errors={fields.alert_operator.errors} />
          </div>
          <div>
            <label htmlFor={fields.alert_value.id} className="mb-1 block text-sm font-medium text-slate-700">
              Value (millions)
            </label>
            <div className="flex items-center gap-2">
              <span aria-hidden="true" className="text-slate-600">
                $
              </span>
              <input
                {...getInputProps(fields.alert_value, { type: "text" })}
                key={fields.alert_value.key}
                inputMode="decimal"
                className={inputClass}
              />
              <span aria-hidden="true" className="text-slate-600">
                M
              </span>
            </div>
            <ErrorList errors={fields.alert_value.errors} />
          </div>
        </div>

        {coverageNote ? <CoverageNote note={coverageNote} /> : null}
        {options ? (
          <>
            <CheckboxGroupField
              legend="Project types"
              meta={fields.alert_project_types}
              options={options.projectTypes}
              selected={selectedTypes}
            />
            <CheckboxGroupField
              legend="States"
              meta={fields.alert_states}
              options={options.states}
              selected={selectedStates}
            />
          </>
        ) : (
          <div className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <p>
              The project types and states cannot be loaded right now; your current choices are kept when you
              save.
            </p>
            {selectedTypes.map((id) => (
              <input key={`t${id}`} type="hidden" name={fields.alert_project_types.name} value={id} />
            ))}
            {selectedStates.map((id) => (
              <input key={`s${id}`} type="hidden" name={fields.alert_states.name} value={id} />
            ))}
          </div>
        )}

        <MailSettings reminderMail={fields.reminder_mail} timeZone={fields.time_zone} timeZones={timeZones} />

        <div className="flex justify-end">
          <SubmitButton pending={submitting}>Save</SubmitButton>
        </div>
      </Form>
      <LitePagesSection />
    </div>
  );
}

/** What the member's plan lets alerts be about (the choices below are only those). */
function CoverageNote({ note }: { note: string }) {
  return (
    <p
      id="alert-coverage-note"
      className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
    >
      {note}
      {note === COVERAGE_NOT_CHOSEN ? (
        <>
          {" "}
          <Link to="/Me/Subscription" className="font-medium text-brand-700 underline hover:text-brand-800">
            Go to Subscription
          </Link>
        </>
      ) : null}
    </p>
  );
}

/** Reminder e-mails on or off, and the time zone the mail schedules follow. */
function MailSettings({
  reminderMail,
  timeZone,
  timeZones,
}: {
  reminderMail: FieldMetadata<string | undefined>;
  timeZone: FieldMetadata<string | undefined>;
  timeZones: readonly { id: string; label: string }[];
}) {
  return (
    <div className="space-y-4 border-t border-slate-200 pt-6">
      <h2 className="text-lg font-semibold text-slate-900">E-mail</h2>
      <CheckboxWithNote meta={reminderMail} label="Reminder e-mails" noteId="reminder-mail-note">
        On the morning of a note's reminder date, we e-mail you the notes due that day.
      </CheckboxWithNote>
      <div className="max-w-sm">
        <label htmlFor={timeZone.id} className="mb-1 block text-sm font-medium text-slate-700">
          Time zone
        </label>
        <select
          {...getSelectProps(timeZone)}
          key={timeZone.key}
          aria-describedby="time-zone-note"
          className={inputClass}
        >
          {timeZones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone.label}
            </option>
          ))}
        </select>
        <p id="time-zone-note" className="mt-1 text-sm text-slate-600">
          Alerts and reminders are sent at 6:00 in the morning, your time.
        </p>
        <ErrorList errors={timeZone.errors} />
      </div>
    </div>
  );
}

/** A checkbox and its label, with the note under them that describes the box. */
function CheckboxWithNote({
  meta,
  label,
  noteId,
  children,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  noteId: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          {...getInputProps(meta, { type: "checkbox" })}
          key={meta.key}
          aria-describedby={noteId}
          className="h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
        />
        <label htmlFor={meta.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
      <p id={noteId} className="mt-1 ml-6 text-sm text-slate-600">
        {children}
      </p>
    </div>
  );
}

/** This browser's choice of lite pages (a cookie, not an account setting: see app/lib/platform/lite-pages.ts). */
function LitePagesSection() {
  const lite = useLitePages();
  return (
    <CardSection id="lite-pages-title" title="Lite pages" className="space-y-3 p-6 shadow-sm">
      <p className="text-sm text-slate-700">
        {lite
          ? "Lite pages are on in this browser: pages load without scripts, which is faster on a slow connection."
          : "Pages without scripts load faster on a slow connection or an old phone. Everything still works; lists and dialogs reload the page instead of updating in place."}
      </p>
      <LitePagesSwitch
        turnOn={!lite}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-600 sm:min-h-9"
      >
        {lite ? "Switch to full pages" : "Turn on lite pages"}
      </LitePagesSwitch>
    </CardSection>
  );
}

/** A field's initial value as a list (Conform gives a string for one value, an array for several). */
function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return value === undefined || value === null || value === "" ? [] : [String(value)];
}
