import { Link } from "react-router";
import { type ContactField, telHref, webHref } from "~/lib/detail/contact-detail";

/** The contact's details: one row per field with a value; phones, e-mail, web and company as links. */
export function ContactFields({ fields, companyLinks }: { fields: ContactField[]; companyLinks: boolean }) {
  if (fields.length === 0) return <p className="text-sm text-slate-700">No details listed.</p>;
  const link = "text-brand-700 underline hover:text-brand-900";
  return (
    <dl className="divide-y divide-slate-100">
      {fields.map((field) => (
        <div key={field.label} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">{field.label}</dt>
          <dd className="text-sm break-words text-slate-900 sm:col-span-2">
            <FieldValue field={field} companyLinks={companyLinks} linkClass={link} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function FieldValue({
  field,
  companyLinks,
  linkClass,
}: {
  field: ContactField;
  companyLinks: boolean;
  linkClass: string;
}) {
  switch (field.kind) {
    case "company":
      return field.companyId && companyLinks ? (
        <Link to={`/Companies/${field.companyId}`} className={linkClass}>
          {field.value}
        </Link>
      ) : (
        field.value
      );
    case "email":
      return (
        <a href={`mailto:${field.value}`} className={linkClass}>
          {field.value}
        </a>
      );
    case "phone": {
      const href = telHref(field.value);
      return href ? (
        <a href={href} className={linkClass}>
          {field.value}
        </a>
      ) : (
        field.value
      );
    }
    case "web": {
      const href = webHref(field.value);
      return href ? (
        <a href={href} className={linkClass} target="_blank" rel="noopener noreferrer">
          {field.value}
        </a>
      ) : (
        field.value
      );
    }
    default:
      return <>{field.value}</>;
  }
}
