import { getFormProps, useForm } from "@conform-to/react";
import { CheckboxGroup } from "~/components/checkbox-group";
import { AutoCloseAlert, type DialogProps, useFormPending } from "~/components/detail/dialog-form";
import { CancelButton, Field, SubmitButton } from "~/components/forms";
import { Modal } from "~/components/modal";
import { PostForm } from "~/components/post-form";
import type { Company } from "../../../contract/companies";

type Named = { id: number; name: string };

/** The form's fields (company-forms.server.ts' EditCompanySchema reads them). */
type LocationFields = {
  id?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  phone?: string;
  remove?: string;
};
type EditCompanyFields = {
  name: string;
  url?: string;
  phone?: string;
  types: string[];
  locations: LocationFields[];
};

/**
 * Edit a company: name, website, phone, types and its locations (each can be removed; one empty row adds a
 * location). A plain form post (`intent=edit`), through a fetcher with JavaScript.
 */
export function EditCompanyDialog({
  company,
  companyTypes,
  ...props
}: DialogProps & { company: Company; companyTypes: readonly Named[] }) {
  return (
    <Modal
      open={props.open}
      title="Edit company"
      onClose={props.onClose}
      closeHref={props.closeHref}
      size="lg"
    >
      <EditForm company={company} companyTypes={companyTypes} {...props} />
    </Modal>
  );
}

function EditForm({
  company,
  companyTypes,
  fetcher,
  lastResult,
  onClose,
  closeHref,
}: DialogProps & { company: Company; companyTypes: readonly Named[] }) {
  const locations: LocationFields[] = [
    ...company.locations.map((l) => ({
      id: String(l.id),
      address1: l.address1 ?? "",
      address2: l.address2 ?? "",
      city: l.city ?? "",
      state: l.state ?? "",
      zip: l.zip ?? "",
      phone: l.phone ?? "",
    })),
    { address1: "", address2: "", city: "", state: "", zip: "", phone: "" },
  ];
  const [form, fields] = useForm<EditCompanyFields>({
    id: "edit-company",
    lastResult,
    defaultValue: {
      name: company.name,
      url: company.url ?? "",
      phone: company.phone ?? "",
      types: company.types.map((t) => String(t.id)),
      locations,
    },
    shouldValidate: "onSubmit",
  });
  const pending = useFormPending(fetcher);
  const typed = fields.types.initialValue;
  const selectedTypes = Array.isArray(typed) ? typed.map(String) : typed ? [String(typed)] : [];
  const rows = fields.locations.getFieldList();

  return (
    <PostForm fetcher={fetcher} {...getFormProps(form)} className="space-y-4">
      <AutoCloseAlert messages={form.errors} trigger={lastResult} ms={60_000} />
      <input type="hidden" name="intent" value="edit" />
      {/* The fields scroll inside the dialog (a company may have many locations); the buttons stay in view. */}
      <div className="-mx-1 max-h-[60vh] space-y-4 overflow-y-auto px-1">
        <Field label="Name" meta={fields.name} autoComplete="organization" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Website" meta={fields.url} autoComplete="url" />
          <Field label="Phone" meta={fields.phone} type="tel" autoComplete="tel" />
        </div>
        <CheckboxGroup
          legend="Company Type"
          name="types"
          options={companyTypes.map((t) => ({ value: String(t.id), label: t.name }))}
          selected={selectedTypes}
        />
        {rows.map((row, index) => {
          const loc = row.getFieldset();
          const isNew = !loc.id.initialValue;
          return (
            <fieldset key={row.key} className="rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-800">
                {isNew ? "Add a location" : `Location ${index + 1}`}
              </legend>
              {isNew ? null : <input type="hidden" name={loc.id.name} value={loc.id.initialValue ?? ""} />}
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="Address" meta={loc.address1} autoComplete="off" />
                <Field label="Address 2" meta={loc.address2} autoComplete="off" />
                <Field label="City" meta={loc.city} autoComplete="off" />
                <Field label="State" meta={loc.state} autoComplete="off" />
                <Field label="Zip" meta={loc.zip} autoComplete="off" />
                <Field label="Location phone" meta={loc.phone} type="tel" autoComplete="off" />
              </div>
              {isNew ? null : (
                <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" name={loc.remove.name} className="h-4 w-4" />
                  Remove this location
                </label>
              )}
            </fieldset>
          );
        })}
      </div>
      <div className="flex justify-end gap-2">
        <CancelButton onClose={onClose} closeHref={closeHref} />
        <SubmitButton pending={pending}>Save</SubmitButton>
      </div>
    </PostForm>
  );
}
