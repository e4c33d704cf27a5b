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

/**
 * The company's pages the footer and the terms checkbox link to (WordPress pages: GET /wp-json/wp/v2/pages?slug=…):
 * sample text of the stand-in, as the manuals are (issue 43).
 */
const PAGES: { id: number; slug: string; title: string; content: string }[] = [
  {
    id: 301,
    slug: "about-us",
    title: "About Us",
    content:
      "<p>Project Leads researches commercial construction projects across the United States and Canada, from the first plans to the bid, and names the people behind them.</p><p>Our researchers call owners, architects and contractors every day, so that our members reach a project before their competitors do.</p>",
  },
  {
    id: 302,
    slug: "news",
    title: "News",
    content:
      "<h2>New: weekly alert e-mails</h2><p>Choose states and project types in Alerts, and get the new projects every Monday.</p><h2>Calendar feed</h2><p>Your note reminders now show up in Outlook and Google Calendar.</p>",
  },
  {
    id: 303,
    slug: "terms-of-service",
    title: "Terms of Service",
    content:
      "<p>These terms govern your use of the Project Leads service.</p><h2>Your subscription</h2><p>A subscription is for the named users of your plan. The project and contact data are for your own business use and may not be resold.</p><h2>Payment</h2><p>Paid plans are charged for the period shown at checkout and renew unless cancelled.</p><h2>Free trial</h2><p>A free trial includes a limited number of project reports and ends on the date shown in the app.</p>",
  },
  {
    id: 304,
    slug: "privacy-policy",
    title: "Privacy Policy",
    content:
      "<p>We collect the account details you give us and how you use the service, to run the service and to bill it.</p><h2>Cards</h2><p>Card numbers go to our payment processor and are never stored by us.</p><h2>Your choices</h2><p>You can change your alert e-mails in Settings, and ask us to delete your account at any time.</p>",
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
  app.get("/wp-json/wp/v2/pages", (c) => {
    const origin = new URL(c.req.url).origin;
    const slug = c.req.query("slug");
    const pages = PAGES.filter((p) => !slug || p.slug === slug).map((p) => ({
      id: p.id,
      slug: p.slug,
      type: "page",
      link: `${origin}/content/${p.slug}/`,
      title: { rendered: p.title },
      content: { rendered: p.content, protected: false },
    }));
    c.header("X-WP-Total", String(pages.length));
    c.header("X-WP-TotalPages", "1");
    return c.json(pages);
  });

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
