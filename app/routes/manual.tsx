import { CardGrid, ContentUnavailable, cardActionClass } from "~/components/help/content-cards";
import { loadContent } from "~/lib/pages/content.server";
import { apiContext } from "~/lib/platform/contexts";
import { screenMeta } from "~/screen-titles";
import type { Route } from "./+types/manual";

export const meta: Route.MetaFunction = screenMeta;

/** The manuals of the help content site (spec 2.8): cards with a View link to each PDF. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const content = await loadContent("manuals", request.signal, context.get(apiContext).deadline);
  if (content.status !== "ok") return { status: content.status, manuals: [] };
  const manuals = content.items.map(({ id, title, titleHtml, excerptHtml, thumbnail, pdf }) => ({
    id,
    title,
    titleHtml,
    excerptHtml,
    thumbnail,
    pdf,
  }));
  return { status: manuals.length ? ("ok" as const) : ("empty" as const), manuals };
}

export default function Manual({ loaderData }: Route.ComponentProps) {
  const { status, manuals } = loaderData;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Manuals</h1>
      {status === "ok" ? (
        <CardGrid
          cards={manuals}
          action={(manual) =>
            manual.pdf ? (
              <a href={manual.pdf} target="_blank" rel="noopener noreferrer" className={cardActionClass}>
                View<span className="sr-only"> {manual.title} (PDF, opens in a new tab)</span>
              </a>
            ) : null
          }
        />
      ) : (
        <ContentUnavailable status={status} what="manuals" />
      )}
    </div>
  );
}
