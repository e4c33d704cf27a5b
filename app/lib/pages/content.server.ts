/**
 * The help content site (CONTENT_API_URL, a WordPress site in its REST shape; the reference API serves a small
 * stand-in under /content/wp-json): the training-manual and training-videos lists for /Manual and
 * /TrainingVideos. This is not the provider API (no token, no endpoint table): it is read here only, with a short
 * timeout, and its HTML is sanitised before any of it reaches a page. A failure never throws: the screens say so.
 */
import sanitizeHtml from "sanitize-html";
import { z } from "zod";
import { contentBase } from "../platform/config.server";
import { LruCache } from "../platform/lru";

type ContentKind = "manuals" | "videos";

const PATHS: Record<ContentKind, string> = {
  manuals: "wp/v2/training-manual",
  videos: "wp/v2/training-videos",
};

/** A card of /Manual or /TrainingVideos: title and excerpt are sanitised HTML, the links checked http(s). */
type ContentItem = {
  id: number;
  titleHtml: string;
  /** The title as plain text (alt texts, dialog titles, link names). */
  title: string;
  excerptHtml: string;
  thumbnail: string | null;
  pdf: string | null;
  /** An address the video dialog may frame (YouTube or Vimeo player), or null. */
  videoEmbed: string | null;
  /** The video's own address, for a link when it cannot be framed. */
  video: string | null;
};

type ContentResult = { status: "ok"; items: ContentItem[] } | { status: "unconfigured" } | { status: "down" };

/** Content changes rarely: a list is kept five minutes, a failure thirty seconds (the next page does not wait). */
const cache = new LruCache<string, ContentResult>(10, 5 * 60 * 1000);
const FAILURE_TTL_MS = 30 * 1000;
const TIMEOUT_MS = 5000;

const Rendered = z.object({ rendered: z.string().catch("") }).catch({ rendered: "" });
/** An ACF file or image field: a URL, an object with a url, or false when empty. */
const AcfLink = z
  .union([z.string(), z.object({ url: z.string() }).transform((v) => v.url)])
  .nullable()
  .optional()
  .catch(null);
const Post = z.object({
  id: z.number().int(),
  title: Rendered,
  excerpt: Rendered,
  acf: z
    .object({
      gated_content_thumbnail: AcfLink,
      gated_content_pdf: AcfLink,
      gated_content_video: AcfLink,
    })
    .partial()
    .catch({}),
});
const PostList = z.array(z.unknown());

/** An absolute http(s) address, or null (no javascript:, data: or relative paths from the content site). */
export function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The player address of a YouTube or Vimeo video (what the page's frame-src allows), or null. */
export function embedUrl(value: string | null | undefined): string | null {
  const href = httpUrl(value);
  if (!href) return null;
  const url = new URL(href);
  const host = url.hostname.replace(/^www\./, "").replace(/^m\./, "");
  const id = (s: string | null | undefined) => (s && /^[\w-]{6,20}$/.test(s) ? s : null);
  let youtube: string | null = null;
  if (host === "youtu.be") youtube = id(url.pathname.slice(1));
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const embed = /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname);
    youtube = id(embed ? embed[1] : url.pathname === "/watch" ? url.searchParams.get("v") : null);
  }
  if (youtube) return `https://www.youtube.com/embed/${youtube}`;
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const vimeo = /(?:^|\/)(\d{5,12})(?:$|\/)/.exec(url.pathname)?.[1];
    if (vimeo) return `https://player.vimeo.com/video/${vimeo}`;
  }
  return null;
}

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };
const EXCERPT: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "ul", "ol", "li", "a"],
  // rel and target are set by the transform below (whatever the content site wrote).
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }),
  },
};

/** The HTML a content post may bring into a page: text only for titles, a few inline tags for excerpts. */
function sanitizeTitle(html: string): string {
  return sanitizeHtml(html, TEXT_ONLY).trim();
}
function sanitizeExcerpt(html: string): string {
  return sanitizeHtml(html, EXCERPT).trim();
}

/** The plain text of sanitised, text-only HTML (its entities decoded). */
function plainText(html: string): string {
  return html
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&");
}

/** One post of the content site as a card, or null when it is not a post. */
export function toContentItem(raw: unknown): ContentItem | null {
  const parsed = Post.safeParse(raw);
  if (!parsed.success) return null;
  const post = parsed.data;
  const titleHtml = sanitizeTitle(post.title.rendered);
  const video = httpUrl(post.acf.gated_content_video);
  return {
    id: post.id,
    titleHtml,
    title: plainText(titleHtml),
    excerptHtml: sanitizeExcerpt(post.excerpt.rendered),
    thumbnail: httpUrl(post.acf.gated_content_thumbnail),
    pdf: httpUrl(post.acf.gated_content_pdf),
    videoEmbed: embedUrl(video),
    video,
  };
}

/**
 * The manuals or the videos of the content site: cards, or why there are none. `signal` is the member's request
 * (its end stops the read), `deadline` the request's budget for upstream calls (ApiClient.deadline, decision 078):
 * the read gives up at the sooner of it and TIMEOUT_MS.
 */
export async function loadContent(
  kind: ContentKind,
  signal?: AbortSignal,
  deadline?: AbortSignal,
): Promise<ContentResult> {
  const base = contentBase();
  if (!base) return { status: "unconfigured" };
  const url = new URL(`${PATHS[kind]}?per_page=100`, base).href;
  const cached = cache.get(url);
  if (cached) return cached;
  try {
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const bounds = [signal, deadline, timeout].filter((s): s is AbortSignal => s !== undefined);
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.any(bounds),
      redirect: "error",
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const list = PostList.parse(await response.json());
    const items = list.map(toContentItem).filter((item): item is ContentItem => item !== null);
    const result: ContentResult = { status: "ok", items };
    cache.set(url, result);
    return result;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`[content] ${PATHS[kind]}: ${(error as Error).name}: ${(error as Error).message}`);
    const result: ContentResult = { status: "down" };
    cache.set(url, result, FAILURE_TTL_MS);
    return result;
  }
}

/** The company's pages served from the content site (footer links, the terms checkbox), by their slug. */
export const SITE_PAGES = {
  "about-us": "About Us",
  news: "News",
  "terms-of-service": "Terms of Service",
  "privacy-policy": "Privacy Policy",
} as const;
export type SitePageSlug = keyof typeof SITE_PAGES;

const PAGE_HTML: sanitizeHtml.IOptions = {
  ...EXCERPT,
  allowedTags: ["p", "br", "strong", "b", "em", "i", "ul", "ol", "li", "a", "h2", "h3"],
};
const PageList = z.array(z.object({ title: Rendered, content: Rendered }));
export type SitePageResult =
  | { status: "ok"; title: string; html: string }
  | { status: "unconfigured" | "down" };
const pageCache = new LruCache<string, SitePageResult>(10, 5 * 60 * 1000);

/** A page of the content site (WordPress pages, `?slug=`): its title as text and its sanitised HTML. */
export async function loadSitePage(slug: SitePageSlug, signal?: AbortSignal): Promise<SitePageResult> {
  const base = contentBase();
  if (!base) return { status: "unconfigured" };
  const url = new URL(`wp/v2/pages?slug=${encodeURIComponent(slug)}`, base).href;
  const cached = pageCache.get(url);
  if (cached) return cached;
  try {
    const bounds = [signal, AbortSignal.timeout(TIMEOUT_MS)].filter((s): s is AbortSignal => s !== undefined);
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.any(bounds),
      redirect: "error",
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const page = PageList.parse(await response.json())[0];
    if (!page) throw new Error("no such page");
    const result: SitePageResult = {
      status: "ok",
      title: plainText(sanitizeTitle(page.title.rendered)) || SITE_PAGES[slug],
      html: sanitizeHtml(page.content.rendered, PAGE_HTML).trim(),
    };
    pageCache.set(url, result);
    return result;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn(`[content] pages/${slug}: ${(error as Error).name}: ${(error as Error).message}`);
    const result: SitePageResult = { status: "down" };
    pageCache.set(url, result, FAILURE_TTL_MS);
    return result;
  }
}
