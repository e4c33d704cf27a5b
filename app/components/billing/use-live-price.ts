/**
 * The live price of a checkout or an activation form (§4: recalculated 100 ms after any change): with JavaScript a
 * fetcher posts the form as `intent=price` to the route's own action (the card fields and passwords left out),
 * which answers the price and the counties of the states chosen in county slots. Without JavaScript the same
 * action answers the 'Update price' button with a new page.
 */
import { type FormEvent, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useSubmit } from "react-router";
import { CARD_FIELDS, type PriceAnswer, type PriceResult } from "~/lib/billing/pricing";

const PRICE_DELAY_MS = 100;

/**
 * The fields a price depends on (§4: plan, verticals, states, counties; the account state fills the first
 * coverage state), and the promo code once typed (when the field is left: each partial code would be a lookup
 * that does not apply, and those are limited per client, decision 080). Typing a name, an address or a card
 * never reprices: the total the member saw stays put until they change what they buy, and a price that moved
 * meanwhile is caught at the submit.
 */
const PRICE_FIELDS = new Set([
  "plan",
  "plan_verticals",
  "plan_states",
  "county_states",
  "county_names",
  "state",
]);

export function useLivePrice(initial: PriceAnswer, form: RefObject<HTMLFormElement | null>) {
  const fetcher = useFetcher<PriceAnswer>();
  const [price, setPrice] = useState<PriceResult>(initial.price);
  const [counties, setCounties] = useState<Record<string, string[]>>(initial.counties);
  const [countiesError, setCountiesError] = useState(initial.countiesError);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setPrice(fetcher.data.price);
    setCounties((c) => ({ ...c, ...fetcher.data?.counties }));
    setCountiesError(fetcher.data.countiesError);
  }, [fetcher.state, fetcher.data]);

  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  /** Prices the form as it is now, 100 ms after the last change. */
  const schedule = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const el = form.current;
      if (!el) return;
      const body = new FormData(el);
      for (const name of [...CARD_FIELDS, "password", "confirm_password"]) body.delete(name);
      // The promo code as priced now: leaving the field with it asks for no second price (which could come
      // back after the member has seen this one, and change the total under them).
      const promo = el.elements.namedItem("promo_code");
      if (promo instanceof HTMLInputElement) promo.dataset.priced = promo.value;
      body.set("intent", "price");
      fetcher.submit(body, { method: "post" });
    }, PRICE_DELAY_MS);
  }, [fetcher, form]);

  /** A form's change event: reprices when the field is one the price depends on. */
  const onFormChange = useCallback(
    (event: { target: EventTarget | null }) => {
      const name = (event.target as HTMLInputElement | null)?.name ?? "";
      if (PRICE_FIELDS.has(name)) schedule();
    },
    [schedule],
  );

  /** A form's blur event: a promo code left with another value than the one last priced is priced. */
  const onFormBlur = useCallback(
    (event: { target: EventTarget | null }) => {
      const field = event.target;
      if (!(field instanceof HTMLInputElement) || field.name !== "promo_code") return;
      if (field.value === (field.dataset.priced ?? field.defaultValue)) return;
      field.dataset.priced = field.value;
      schedule();
    },
    [schedule],
  );

  /**
   * A submission's answer carries the price, so a price still waiting for its timer is dropped. A price already
   * posted is let finish first, and the form posted as it was when the member submitted it (the total they saw,
   * which the action checks): React Router ends a navigation that is loading with the revalidation of a fetcher
   * that finished meanwhile, so the sign-up's redirect would leave the checkout on screen under the completion
   * page's address.
   */
  const submit = useSubmit();
  const held = useRef<{ body: FormData; action: string | undefined } | null>(null);
  const pricing = fetcher.state !== "idle";
  const onFormSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (timer.current) clearTimeout(timer.current);
      if (!pricing) return;
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      held.current = {
        body: new FormData(event.currentTarget, submitter),
        action: event.currentTarget.getAttribute("action") ?? undefined,
      };
    },
    [pricing],
  );
  useEffect(() => {
    if (pricing || !held.current) return;
    const { body, action } = held.current;
    held.current = null;
    submit(body, { method: "post", action });
  }, [pricing, submit]);

  /** A new answer of the action (a submit, or 'Update price'): its price and counties. */
  const reset = useCallback((answer: PriceAnswer) => {
    setPrice(answer.price);
    setCounties(answer.counties);
    setCountiesError(answer.countiesError);
  }, []);

  return { price, counties, countiesError, schedule, onFormChange, onFormBlur, onFormSubmit, reset };
}
