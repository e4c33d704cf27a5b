import { invariantResponse } from "~/lib/platform/invariant";

/**
 * Any path the route table does not know: a 404 with the one error page (the root's boundary draws it inside the
 * member shell for a member, with a login link for a guest). Never a redirect: a stale link, a crawler or a
 * monitor learns that the page does not exist.
 */
export async function loader() {
  invariantResponse(false);
}

export default function CatchAll() {
  return null;
}
