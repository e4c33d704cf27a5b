import { Link, useNavigate } from "react-router";
import { Modal } from "~/components/modal";

/**
 * A detail screen whose entity does not exist: its heading and the way back, with the 'Error' dialog saying
 * why; confirming it (or closing it) goes back to the list.
 */
export function DetailNotFound({
  title,
  message,
  backHref,
  backLabel,
}: {
  title: string;
  message: string;
  backHref: string;
  backLabel: string;
}) {
  const navigate = useNavigate();
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">
        <Link to={backHref} className="text-brand-700 underline">
          {backLabel}
        </Link>
      </p>
      <Modal open title="Error" onClose={() => navigate(backHref)} closeHref={backHref} size="sm">
        <p className="text-slate-700">{message}</p>
        <div className="mt-6 flex justify-end">
          <Link
            to={backHref}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {backLabel}
          </Link>
        </div>
      </Modal>
    </div>
  );
}
