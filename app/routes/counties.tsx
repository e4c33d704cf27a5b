import { apiContext } from "~/lib/platform/contexts";
import { pageUrl } from "~/lib/platform/request-url";
import { endpoints } from "../../contract/endpoints";
import type { Route } from "./+types/counties";

/**
 * The counties of the chosen states, for the advanced search panel's county list to update in place with
 * JavaScript (without it, the panel's 'Update options' reloads the page with them). A resource route: JSON only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const states = pageUrl(request)
    .searchParams.getAll("state")
    .filter((s) => /^[A-Za-z]{2}$/.test(s))
    .slice(0, 100);
  if (states.length === 0) return Response.json({ counties: [] });
  try {
    const { data } = await context.get(apiContext).call(endpoints.counties, { query: { states } });
    return Response.json({ counties: data.map(({ name, state }) => ({ name, state })) });
  } catch (error) {
    if (error instanceof Response) throw error;
    return Response.json({ counties: [], error: "Unknown error while fetching counties." }, { status: 502 });
  }
}
