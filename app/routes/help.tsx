import { Link, useLocation } from "react-router";
import { hrefWithDialog } from "~/lib/platform/dialog-url";
import { useRootData } from "~/root-data";
import { screenMeta } from "~/screen-titles";
import type { Route } from "./+types/help";

export const meta: Route.MetaFunction = screenMeta;

const cardClass = "rounded-lg border border-slate-200 bg-white p-5 shadow-sm";
const linkClass = "font-semibold text-brand-700 underline hover:text-brand-900";

/** The ways to get help: manuals, training videos, the video channel, Contact Us and the phone. */
export default function Help() {
  const config = useRootData()?.config;
  const location = useLocation();
  const phone = config?.supportPhone;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Help</h1>
      <p className="max-w-2xl text-slate-700">
        Learn the app at your own pace, or ask us: we are glad to help you find the projects and people you
        need.
      </p>
      <ul className="grid gap-5 sm:grid-cols-2">
        <li className={cardClass}>
          <h2 className="text-lg font-semibold text-slate-900">Manuals</h2>
          <p className="mt-1 text-sm text-slate-700">Step-by-step guides to read or print, as PDF.</p>
          <p className="mt-3">
            <Link to="/Manual" className={linkClass}>
              Read the manuals
            </Link>
          </p>
        </li>
        <li className={cardClass}>
          <h2 className="text-lg font-semibold text-slate-900">Training videos</h2>
          <p className="mt-1 text-sm text-slate-700">
            Short videos of the search, saved projects, notes and alerts.
          </p>
          <p className="mt-3">
            <Link to="/TrainingVideos" className={linkClass}>
              Watch the training videos
            </Link>
          </p>
        </li>
        {config?.videoChannelUrl ? (
          <li className={cardClass}>
            <h2 className="text-lg font-semibold text-slate-900">Video channel</h2>
            <p className="mt-1 text-sm text-slate-700">Webinars and news about new features.</p>
            <p className="mt-3">
              <a
                href={config.videoChannelUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={linkClass}
              >
                Visit our video channel<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          </li>
        ) : null}
        <li className={cardClass}>
          <h2 className="text-lg font-semibold text-slate-900">Contact us</h2>
          <p className="mt-1 text-sm text-slate-700">
            Send us a question, or ask our researchers to look into a project.
          </p>
          <p className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
            <Link to={hrefWithDialog(location, "ask")} preventScrollReset className={linkClass}>
              Ask A Question
            </Link>
            <Link to={hrefWithDialog(location, "research")} preventScrollReset className={linkClass}>
              Request Research
            </Link>
          </p>
        </li>
        {phone ? (
          <li className={cardClass}>
            <h2 className="text-lg font-semibold text-slate-900">Phone</h2>
            <p className="mt-1 text-sm text-slate-700">Talk to our support team.</p>
            <p className="mt-3">
              <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={linkClass}>
                {phone}
              </a>
            </p>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
