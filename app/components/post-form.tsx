import type { ComponentProps } from "react";
import { Form, type useFetcher } from "react-router";
import { useHydrated } from "~/components/hydrated";

type AnyFetcher = ReturnType<typeof useFetcher<never>>;

/**
 * A form that posts to a route's action with or without JavaScript and is the same element before and after
 * hydration, so that what a member typed before the page hydrated survives it. Before hydration (and without
 * JavaScript) the browser posts it and the action answers with a redirect; once hydrated it goes through
 * `fetcher` and, with `js` (the default), carries `js=1`, which the actions answer with data instead.
 *
 * Pass the fetcher whether or not the page has hydrated: choosing between `<Form>` and `<fetcher.Form>` by
 * hydration gives React two component types, and it replaces the form (and its typed text) when it switches.
 */
export function PostForm({
  fetcher,
  js = true,
  children,
  ...props
}: Omit<ComponentProps<typeof Form>, "method" | "navigate" | "fetcherKey"> & {
  fetcher?: Pick<AnyFetcher, "Form">;
  /** Send `js=1` once hydrated (false for an action that answers a fetcher with the same redirect). */
  js?: boolean;
}) {
  const hydrated = useHydrated();
  const FormTag = fetcher ? fetcher.Form : Form;
  return (
    <FormTag method="post" {...props}>
      {js && fetcher && hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {children}
    </FormTag>
  );
}
