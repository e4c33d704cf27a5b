import { isoDay } from "~/lib/format/dates";
import { type TrialExpiredBody, trialOverReason } from "~/lib/platform/trial";
import type { RootData } from "~/root-data";
import { TrialExpiredDialog } from "../trial-dialogs";
import { AppShell } from "./app-shell";

/**
 * The page the server answers an expired trial on every screen but the profile pages (the trial gate in
 * app/lib/account/member.server.ts, or an API refusal for a used-up trial): the blocking dialog inside the app shell
 * (header, sidebar without folders, footer), with nothing of the screen behind it. Without the member (an
 * answer that could not read them) the dialog stands on an empty page.
 */
export function TrialExpiredPage({ body }: { body: TrialExpiredBody }) {
  const reason = trialOverReason(body.shell?.member ?? null, isoDay(new Date()));
  if (!body.shell) {
    return (
      <main id="main" className="min-h-full">
        <TrialExpiredDialog demoSchedulingUrl={body.demoSchedulingUrl} reason={reason} />
      </main>
    );
  }
  const root: RootData = {
    user: body.shell.member,
    previousRemaining: null,
    toast: null,
    showNudge: false,
    sessionExpired: false,
    config: {
      marketingSiteUrl: body.shell.marketingSiteUrl,
      demoSchedulingUrl: body.demoSchedulingUrl,
      supportPhone: body.shell.supportPhone,
      videoChannelUrl: body.shell.videoChannelUrl,
      staffAppUrl: "",
      mapTileUrl: "",
    },
    year: new Date().getFullYear(),
  };
  return (
    <AppShell root={root} sidebarCollapsed={false} today={isoDay(new Date())} blocked>
      {null}
    </AppShell>
  );
}
