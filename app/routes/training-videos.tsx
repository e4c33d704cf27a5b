import { Link, useLocation, useNavigate } from "react-router";
import { CardGrid, ContentUnavailable, cardActionClass } from "~/components/help/content-cards";
import { Modal } from "~/components/modal";
import { loadContent } from "~/lib/pages/content.server";
import { apiContext } from "~/lib/platform/contexts";
import { pageUrl } from "~/lib/platform/request-url";
import { screenMeta } from "~/screen-titles";
import type { Route } from "./+types/training-videos";

export const meta: Route.MetaFunction = screenMeta;

/**
 * The training videos of the help content site (spec 2.8). The open video is URL state (`?video={id}`): a
 * card's link opens it in a dialog (a plain overlay page without JavaScript, the same address either way).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const content = await loadContent("videos", request.signal, context.get(apiContext).deadline);
  if (content.status !== "ok") return { status: content.status, videos: [], open: null };
  const videos = content.items.map(({ id, title, titleHtml, excerptHtml, thumbnail, videoEmbed, video }) => ({
    id,
    title,
    titleHtml,
    excerptHtml,
    thumbnail,
    videoEmbed,
    video,
  }));
  const wanted = Number(pageUrl(request).searchParams.get("video"));
  const open = videos.find((v) => v.id === wanted) ?? null;
  return { status: videos.length ? ("ok" as const) : ("empty" as const), videos, open };
}

export default function TrainingVideos({ loaderData }: Route.ComponentProps) {
  const { status, videos, open } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const withVideo = (id: number) => {
    const params = new URLSearchParams(location.search);
    params.set("video", String(id));
    return `${location.pathname}?${params}`;
  };
  const params = new URLSearchParams(location.search);
  params.delete("video");
  const closeHref = params.size ? `${location.pathname}?${params}` : location.pathname;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-slate-900">Training Videos</h1>
      {status === "ok" ? (
        <CardGrid
          cards={videos}
          action={(video) => (
            <Link to={withVideo(video.id)} preventScrollReset className={cardActionClass}>
              Watch<span className="sr-only"> {video.title}</span>
            </Link>
          )}
        />
      ) : (
        <ContentUnavailable status={status} what="training videos" />
      )}
      <Modal
        open={open !== null}
        title={open?.title ?? ""}
        onClose={() => navigate(closeHref, { replace: true, preventScrollReset: true })}
        closeHref={closeHref}
        size="lg"
      >
        {open?.videoEmbed ? (
          <div className="aspect-video w-full overflow-hidden rounded bg-slate-900">
            <iframe
              src={open.videoEmbed}
              title={open.title}
              className="h-full w-full"
              allow="encrypted-media; fullscreen; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          </div>
        ) : open?.video ? (
          <p>
            <a
              href={open.video}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline"
            >
              Watch {open.title}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        ) : (
          <p className="text-slate-700">This video is not available.</p>
        )}
      </Modal>
    </div>
  );
}
