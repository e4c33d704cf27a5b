import { Link } from "react-router";

/** A card's data as the loaders of /Manual and /TrainingVideos send it (HTML already sanitised on the server). */
export type Card = {
  id: number;
  title: string;
  titleHtml: string;
  excerptHtml: string;
  thumbnail: string | null;
};

/** The grid of content cards: thumbnail, title, excerpt and the card's action. */
export function CardGrid<C extends Card>({
  cards,
  action,
}: {
  cards: readonly C[];
  action: (card: C) => React.ReactNode;
}) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li
          key={card.id}
          className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
        >
          <div className="aspect-video bg-slate-100">
            {card.thumbnail ? (
              <img src={card.thumbnail} alt="" className="h-full w-full object-cover" loading="lazy" />
            ) : null}
          </div>
          <div className="flex flex-1 flex-col gap-2 p-4">
            {/* Sanitised on the server (app/lib/pages/content.server.ts): text only. */}
            <h2
              className="text-lg font-semibold text-slate-900"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised to text on the server
              dangerouslySetInnerHTML={{ __html: card.titleHtml }}
            />
            <div
              className="content-excerpt flex-1 space-y-2 text-sm text-slate-700 [&_a]:text-brand-700 [&_a]:underline"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (a few inline tags)
              dangerouslySetInnerHTML={{ __html: card.excerptHtml }}
            />
            <div className="pt-2">{action(card)}</div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Why there are no cards: the content site is not configured, is down, or has nothing. */
export function ContentUnavailable({
  status,
  what,
}: {
  status: "unconfigured" | "down" | "empty";
  what: string;
}) {
  return (
    <div role="status" className="rounded-md border border-slate-200 bg-white px-4 py-6 text-slate-700">
      {status === "empty" ? (
        <p>There are no {what} yet.</p>
      ) : (
        <>
          <p className="font-medium text-slate-900">
            {status === "down"
              ? `The ${what} cannot be loaded right now. Please try again in a few minutes.`
              : `The ${what} are not available on this site.`}
          </p>
          <p className="mt-2 text-sm">
            Need help now? See the <Link to="/Help">ways to get help</Link>, or call us.
          </p>
        </>
      )}
    </div>
  );
}

export const cardActionClass =
  "inline-flex items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800";
