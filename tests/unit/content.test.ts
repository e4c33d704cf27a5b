/** The help content site's posts as cards: hostile HTML and addresses from the content site never reach a page. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { embedUrl, httpUrl, loadContent, toContentItem } from "../../app/lib/pages/content.server";

const hostile = {
  id: 7,
  title: { rendered: 'Safe &amp; sound<script>alert("t")</script><img src=x onerror="alert(1)">' },
  excerpt: {
    rendered:
      '<p onclick="alert(2)">Read <strong>this</strong> <a href="javascript:alert(3)">now</a> ' +
      '<a href="https://example.com/more" onmouseover="alert(4)">more</a></p>' +
      '<script>alert(5)</script><iframe src="https://evil.example"></iframe><img src=x onerror=alert(6)>' +
      "<style>body{display:none}</style>",
  },
  acf: {
    gated_content_thumbnail: "javascript:alert(7)",
    gated_content_pdf: { url: "https://content.example/manual.pdf" },
    gated_content_video: "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
  },
};

describe("content posts as cards", () => {
  it("keeps text and a few inline tags, drops scripts, handlers, frames and javascript: links", () => {
    const item = toContentItem(hostile);
    expect(item).not.toBeNull();
    if (!item) return;
    expect(item.titleHtml).toBe("Safe &amp; sound");
    expect(item.title).toBe("Safe & sound");
    const all = `${item.titleHtml} ${item.excerptHtml}`;
    for (const bad of [
      "<script",
      "onerror",
      "onclick",
      "onmouseover",
      "javascript:",
      "<iframe",
      "<img",
      "<style",
    ])
      expect(all).not.toContain(bad);
    expect(item.excerptHtml).toContain("<strong>this</strong>");
    expect(item.excerptHtml).toContain(
      '<a href="https://example.com/more" rel="noopener noreferrer" target="_blank">more</a>',
    );
    expect(item.thumbnail).toBeNull();
    expect(item.pdf).toBe("https://content.example/manual.pdf");
    expect(item.videoEmbed).toBe("https://www.youtube.com/embed/aqz-KE-bpKQ");
  });

  it("accepts only http(s) addresses and YouTube or Vimeo players", () => {
    expect(httpUrl("data:text/html,hi")).toBeNull();
    expect(httpUrl("/relative.pdf")).toBeNull();
    expect(embedUrl("https://youtu.be/aqz-KE-bpKQ")).toBe("https://www.youtube.com/embed/aqz-KE-bpKQ");
    expect(embedUrl("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(embedUrl("https://evil.example/embed/aqz-KE-bpKQ")).toBeNull();
    expect(embedUrl('https://www.youtube.com/embed/x"><script>')).toBeNull();
  });

  it("skips what is not a post", () => {
    expect(toContentItem({ title: "no id" })).toBeNull();
    expect(toContentItem(null)).toBeNull();
  });
});

describe("loadContent", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it("answers 'down' (never throws) when the content site fails, 'ok' with its cards when it answers", async () => {
    const { config } = await import("../../app/lib/platform/config.server");
    const original = config.contentApiUrl;
    try {
      (config as { contentApiUrl: string }).contentApiUrl = "http://content.test/wp-json";
      vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("fetch failed")));
      expect(await loadContent("manuals")).toEqual({ status: "down" });
      vi.stubGlobal(
        "fetch",
        vi.fn().mockResolvedValue(new Response(JSON.stringify([hostile]), { status: 200 })),
      );
      const fetched = await loadContent("videos");
      expect(fetched.status).toBe("ok");
      expect(vi.mocked(fetch).mock.calls[0][0]).toBe(
        "http://content.test/wp-json/wp/v2/training-videos?per_page=100",
      );
      (config as { contentApiUrl: string }).contentApiUrl = "";
      expect(await loadContent("videos")).toEqual({ status: "unconfigured" });
    } finally {
      (config as { contentApiUrl: string }).contentApiUrl = original;
    }
  });
});
