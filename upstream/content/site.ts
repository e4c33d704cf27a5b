/**
 * A small stand-in for the help content site (a WordPress site with Advanced Custom Fields), served by the
 * reference API under /content so that /Manual and /TrainingVideos work offline: the two lists in WordPress's
 * REST shape (GET /content/wp-json/wp/v2/training-manual and …/training-videos: id, title.rendered,
 * excerpt.rendered, acf.gated_content_thumbnail, acf.gated_content_pdf or acf.gated_content_video) and the
 * files they link to (/content/wp-content/uploads/{name}: sample PDFs and SVG thumbnails in ./files).
 * Links are absolute, as WordPress writes them, on the origin the request came to.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";

const FILES = join(dirname(fileURLToPath(import.meta.url)), "files");
const TYPES: Record<string, string> = { pdf: "application/pdf", svg: "image/svg+xml" };

type Sample = { id: number; slug: string; title: string; excerpt: string; video?: string };

const MANUALS: Sample[] = [
  {
    id: 101,
    slug: "getting-started",
    title: "Getting Started",
    excerpt: "<p>Log in, search projects and <strong>save the ones you follow</strong>.</p>",
  },
  {
    id: 102,
    slug: "project-search",
    title: "Project Search &amp; Filters",
    excerpt: "<p>Search by keyword, stage, type, value and location; sort and download the results.</p>",
  },
  {
    id: 103,
    slug: "calendar-feed",
    title: "Your Reminders in Outlook and Google Calendar",
    excerpt: "<p>Subscribe to your calendar feed so note reminders show up where you plan your week.</p>",
  },
];

/** Sample videos: YouTube embed addresses (placeholders of the sample site; they need a connection to play). */
const VIDEOS: Sample[] = [
  {
    id: 201,
    slug: "video-tour",
    title: "A Quick Tour",
    excerpt: "<p>Five minutes around the search, saved projects and folders.</p>",
    video: "https://www.youtube.com/embed/aqz-KE-bpKQ",
  },
  {
    id: 202,
    slug: "video-notes",
    title: "Notes and Reminders",
    excerpt: "<p>Keep notes on projects and get reminded on the right day.</p>",
    video: "https://www.youtube.com/embed/ScMzIvxBSi4",
  },
  {
    id: 203,
    slug: "video-alerts",
    title: "Setting Up Alerts",
    excerpt: "<p>Choose states and project types for your weekly alert e-mail.</p>",
    video: "https://www.youtube.com/embed/LXb3EKWsInQ",
  },
];

function post(origin: string, s: Sample, kind: "training-manual" | "training-videos") {
  const upload = (file: string) => `${origin}/content/wp-content/uploads/${file}`;
  return {
    id: s.id,
    slug: s.slug,
    type: kind,
    link: `${origin}/content/${kind}/${s.slug}/`,
    title: { rendered: s.title },
    excerpt: { rendered: s.excerpt, protected: false },
    acf: {
      gated_content_thumbnail: upload(`${s.slug}.svg`),
      ...(kind === "training-manual"
        ? { gated_content_pdf: upload(`${s.slug}.pdf`) }
        : { gated_content_video: s.video }),
    },
  };
}

export function contentSite() {
  const app = new Hono();
  const list = (kind: "training-manual" | "training-videos", samples: Sample[]) =>
    app.get(`/wp-json/wp/v2/${kind}`, (c) => {
      const origin = new URL(c.req.url).origin;
      const perPage = Math.min(Math.max(Number(c.req.query("per_page")) || 10, 1), 100);
      const items = samples.slice(0, perPage).map((s) => post(origin, s, kind));
      c.header("X-WP-Total", String(samples.length));
      c.header("X-WP-TotalPages", "1");
      return c.json(items);
    });
  list("training-manual", MANUALS);
  list("training-videos", VIDEOS);

  app.get("/wp-content/uploads/:name{[a-z0-9-]+\\.(?:pdf|svg)}", (c) => {
    const name = c.req.param("name");
    const type = TYPES[name.split(".").pop() ?? ""];
    let body: Buffer;
    try {
      body = readFileSync(join(FILES, name));
    } catch {
      return c.json({ code: "rest_no_route", message: "Not found." }, 404);
    }
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": type,
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    });
  });
  return app;
}
