/** The router's URL in a rendered page, to check where a link, a form or a hook went. */
import { screen } from "@testing-library/react";
import { useLocation } from "react-router";

/** The route's URL as the router sees it. */
export function Where() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname + location.search}</output>;
}

/** The router's current URL, read from <Where />. */
export const whereNow = () =>
  new URL(screen.getByLabelText("Location").textContent ?? "", "http://localhost");
