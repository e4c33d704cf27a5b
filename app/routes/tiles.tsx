/**
 * The offline default behind MAP_TILE_URL (`/tiles/{z}/{x}/{y}.png`): a plain light tile, so a map without a
 * tile provider shows its markers on a neutral background instead of broken images. Point MAP_TILE_URL at a
 * real tile server in production.
 */
const BLANK_TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4/v37fwAJdAPpGOIk+AAAAABJRU5ErkJggg==",
  "base64",
);

export function loader() {
  return new Response(BLANK_TILE, {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400, immutable" },
  });
}
