/**
 * The advanced search of the contact and company lists (§2.10, §2.11), drawn from their field tables: text
 * fields and two multi-selects (company types, states), with the buttons every panel has.
 */
import type { SimpleSearchPanelData } from "~/lib/search/advanced-search.server";
import type { ListParams } from "~/lib/search/list-params";
import { type PanelField, PanelFieldRows, SearchPanelFrame, stateChoices } from "./panel-fields";

export type SearchPanelKind = "contact" | "company";

type Options = SimpleSearchPanelData["options"];

const text = (name: string, label: string, type?: "email" | "tel"): PanelField => ({
  kind: "text",
  name,
  label,
  type,
});
const companyTypes = (options: Options): PanelField => ({
  kind: "select",
  name: "companyType",
  label: "Company Type",
  size: 5,
  choices: (options?.companyTypes ?? []).map((t) => ({ value: String(t.id), label: t.name })),
});
const states = (options: Options): PanelField => ({
  kind: "select",
  name: "state",
  label: "State",
  size: 5,
  choices: stateChoices(options?.states ?? [], options?.provinces ?? []),
});

/** Each panel's title and field table, in the spec's order. */
const PANELS: Record<SearchPanelKind, { title: string; fields: (options: Options) => PanelField[] }> = {
  contact: {
    title: "Advanced contact search",
    fields: (options) => [
      text("firstName", "First name"),
      text("lastName", "Last name"),
      text("title", "Title"),
      text("company", "Company"),
      companyTypes(options),
      text("city", "City"),
      states(options),
      text("email", "Email", "email"),
      text("phone", "Phone", "tel"),
    ],
  },
  company: {
    title: "Advanced company search",
    fields: (options) => [
      text("name", "Name"),
      companyTypes(options),
      states(options),
      text("zip", "Zip"),
      text("address1", "Address 1"),
      text("address2", "Address 2"),
      text("city", "City"),
    ],
  },
};

/** The open advanced search panel of the contact or company list. */
export function ListSearchPanel({
  kind,
  search,
  options,
  list,
}: {
  kind: SearchPanelKind;
  search: SimpleSearchPanelData["search"];
  options: Options;
  list: ListParams;
}) {
  const { title, fields } = PANELS[kind];
  return (
    <SearchPanelFrame
      title={title}
      titleId={`${kind}-search-title`}
      formLabel={title}
      list={list}
      openedByQuery={Object.keys(search).length > 0}
      optionsMissing={options === null}
    >
      <PanelFieldRows rows={[fields(options)]} search={search} />
    </SearchPanelFrame>
  );
}
