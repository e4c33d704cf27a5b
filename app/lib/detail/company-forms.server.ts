/**
 * The company screen's forms, validated and their rights checked here: the edit (name, URL, phone, types,
 * locations: EditCompanySchema) and the merge of a duplicate (MergeSchema), each refused for a member whose
 * roles do not allow it (spec §6: `withRole`), as the API refuses it too.
 */
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { MAX_COMPANY_LOCATIONS, mayEditCompanies, mayMergeCompanies } from "../../../contract/constants";
import { endpoints } from "../../../contract/endpoints";
import { currentMember } from "../account/member.server";
import { apiContext, memberSessionContext } from "../platform/contexts";
import { formIntent, type IntentHandler } from "./actions.server";
import { js } from "./forms.server";
import type { ActionResult } from "./types";

const NAME_REQUIRED = "Please enter the company name.";
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).optional();
const asList = (v: unknown) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);

const LocationForm = z.object({
  id: z.coerce.number().int().positive().optional(),
  address1: text(255),
  address2: text(255),
  city: text(100),
  state: text(50),
  zip: text(20),
  phone: text(50),
  remove: z.literal("on").optional(),
});

export const EditCompanySchema = z.object({
  intent: z.literal("edit"),
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(255, "At most 255 characters."),
  url: text(255),
  phone: text(50),
  types: z.preprocess(asList, z.array(z.coerce.number().int().positive()).max(20)),
  locations: z.preprocess(
    asList,
    z.array(LocationForm).max(MAX_COMPANY_LOCATIONS + 1, `At most ${MAX_COMPANY_LOCATIONS} locations.`),
  ),
  js,
});

const MergeSchema = z.object({
  intent: z.literal("merge"),
  mergeWithId: z.coerce.number().int().positive(),
  js,
});

/** The edit as the API takes it: removed and empty new locations left out, empty fields as none. */
export function editBody(v: z.output<typeof EditCompanySchema>) {
  const none = (s: string | undefined) => s || null;
  const locations = v.locations
    .filter((l) => !l.remove)
    .filter(
      (l) => l.id !== undefined || [l.address1, l.address2, l.city, l.state, l.zip, l.phone].some(Boolean),
    )
    .map((l) => ({
      ...(l.id !== undefined ? { id: l.id } : {}),
      address1: none(l.address1),
      address2: none(l.address2),
      city: none(l.city),
      state: none(l.state),
      zip: none(l.zip),
      phone: none(l.phone),
    }));
  return { name: v.name, url: none(v.url), phone: none(v.phone), types: v.types, locations };
}

const NO_EDIT_RIGHT = "You may not edit companies.";
const NO_MERGE_RIGHT = "You may not merge companies.";

/** A handler that first checks the member's roles (Users/Me) and answers 403 when they do not allow it. */
function withRole(
  context: Readonly<RouterContextProvider>,
  allowed: (roles: string[]) => boolean,
  refusal: string,
  handler: IntentHandler,
) {
  const guarded: IntentHandler = {
    schema: handler.schema,
    run: async (args) => {
      const me = await currentMember(context);
      if (!me || !allowed(me.roles))
        return data<ActionResult>(
          { intent: args.intent, error: refusal, reply: { status: "error", error: { "": [refusal] } } },
          { status: 403 },
        );
      return handler.run(args);
    },
  };
  return guarded;
}

/** 'edit' (PUT Companies/{id}) and 'merge' (POST Companies/{id}/Merge), each for its roles only. */
export function companyIntents(context: Readonly<RouterContextProvider>) {
  const api = context.get(apiContext);
  return {
    edit: withRole(
      context,
      mayEditCompanies,
      NO_EDIT_RIGHT,
      formIntent(EditCompanySchema, (v, id) =>
        api.call(endpoints.editCompany, { params: { id }, body: editBody(v) }),
      ),
    ),
    merge: withRole(
      context,
      mayMergeCompanies,
      NO_MERGE_RIGHT,
      formIntent(MergeSchema, async (v, id) => {
        // The duplicate's name, read before it is merged away, for the confirmation of what was merged.
        // A name that cannot be read does not hold the merge up.
        const duplicateName = await api.call(endpoints.company, { params: { id: v.mergeWithId } }).then(
          (answer) => answer.data.name,
          () => `Company ${v.mergeWithId}`,
        );
        const merged = await api.call(endpoints.mergeCompany, {
          params: { id },
          body: { mergeWithId: v.mergeWithId },
        });
        context.get(memberSessionContext).flashToast({
          title: "Companies merged",
          description: `${duplicateName} was merged into ${merged.data.name}: its people, locations and projects are now this company's.`,
          autoClose: true,
          banner: true,
        });
      }),
    ),
  };
}
