import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { SubmitButton, useIsSubmitting } from "~/components/forms";
import { GuestFrame } from "~/components/shell/guest-frame";
import { ApiRequestError } from "~/lib/platform/api.server";
import { apiContext } from "~/lib/platform/contexts";
import { errorResponse, invariantResponse } from "~/lib/platform/invariant";
import { readSubmittedValue } from "~/lib/platform/submission.server";
import { screenMeta } from "~/screen-titles";
import type { MailList } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import { UNSUBSCRIBE_TOKEN_PATTERN, type UnsubscribeInfo } from "../../contract/mail";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = screenMeta;

/**
 * /Unsubscribe/{token}: the unsubscribe link of the alert, reminder and saved-search e-mails (decision 085; a
 * saved search's link turns that search's e-mails off only). It works without a
 * session: the token names the member and the kind of mail. A GET only shows what the link turns off, with a
 * button (a form post: Post/Redirect/Get back here); a mail program's one-click POST (RFC 8058, body
 * `List-Unsubscribe=One-Click`, no cookies, from anywhere: the CSRF guard lets this path through) turns it off and
 * is answered 200 without a redirect.
 */
const WHAT: Record<Exclude<MailList, "searches">, { mail: string; setting: string }> = {
  alerts: { mail: "weekly alert e-mails", setting: "Weekly alerts" },
  reminders: { mail: "reminder e-mails", setting: "Reminder e-mails" },
};

/** What the link turns off, in words: a kind of mail, or one saved search's e-mails of new matches. */
function mailOf(info: UnsubscribeInfo): string {
  if (info.list !== "searches") return WHAT[info.list].mail;
  return info.search
    ? `e-mails of new matches for the saved search '${info.search}'`
    : "saved search e-mails";
}

/** Where to turn it on again. */
function againOf(info: UnsubscribeInfo): string {
  if (info.list !== "searches") return `turn on '${WHAT[info.list].setting}' in your settings`;
  return "choose Daily or Weekly for the search under Saved searches on the projects page";
}

/** The 404 page of a link that names no member (malformed, or unknown to the API). */
const LINK_MISSING = {
  title: "This link does not work",
  message:
    "This unsubscribe link is not valid. You can turn e-mails on or off in your settings after you log in.",
};

/** A mail program's one-click post (RFC 8058) says `List-Unsubscribe=One-Click`; the page's own button, nothing. */
const UnsubscribePost = z.object({
  "List-Unsubscribe": z
    .string()
    .catch("")
    .transform((v) => v === "One-Click"),
});

/** The link's state from the API; an unknown or malformed token is the 404 page. */
async function readLink(context: Route.LoaderArgs["context"], token: string): Promise<UnsubscribeInfo> {
  invariantResponse(UNSUBSCRIBE_TOKEN_PATTERN.test(token), LINK_MISSING);
  try {
    return (await context.get(apiContext).call(endpoints.unsubscribeInfo, { query: { token } })).data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw errorResponse(LINK_MISSING);
    throw error;
  }
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const info = await readLink(context, params.token);
  return data({ info }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { "List-Unsubscribe": oneClick } = await readSubmittedValue(request, UnsubscribePost);
  const token = params.token;
  invariantResponse(UNSUBSCRIBE_TOKEN_PATTERN.test(token), LINK_MISSING);
  try {
    await context.get(apiContext).call(endpoints.unsubscribe, { body: { token } });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) throw errorResponse(LINK_MISSING);
    throw error;
  }
  // A mail program's one-click post wants a 2xx, not a redirect; the page's own button gets Post/Redirect/Get.
  if (oneClick) return { done: true };
  throw redirect(`/Unsubscribe/${token}`);
}

export default function Unsubscribe({ loaderData, params }: Route.ComponentProps) {
  const { info } = loaderData;
  const submitting = useIsSubmitting();
  return (
    <GuestFrame cardClassName="space-y-4">
      {/* A search engine has no business with a member's link. */}
      <meta name="robots" content="noindex" />
      {info.subscribed ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Unsubscribe</h1>
          <p className="text-slate-700">
            Stop sending <strong>{mailOf(info)}</strong> to {info.email}?
          </p>
          <Form method="post" action={`/Unsubscribe/${params.token}`}>
            <SubmitButton pending={submitting}>Unsubscribe</SubmitButton>
          </Form>
          <p className="text-sm text-slate-600">
            Nothing changes until you press the button. Other e-mails (password resets, receipts) still come.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">You are unsubscribed</h1>
          <p role="status" className="text-slate-700">
            You will no longer receive {mailOf(info)} at {info.email}. To have them again, {againOf(info)}.
          </p>
          <SettingsLink />
        </>
      )}
    </GuestFrame>
  );
}

function SettingsLink() {
  return (
    <p>
      <Link to="/Me/Settings" className="font-medium text-brand-700 underline hover:text-brand-900">
        Go to your settings
      </Link>
    </p>
  );
}
