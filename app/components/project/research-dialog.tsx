import { getFormProps, useForm } from "@conform-to/react";
import type { z } from "zod";
import { AutoCloseAlert, type DialogProps, useFormPending } from "~/components/detail/dialog-form";
import { SubmitButton, TextareaField } from "~/components/forms";
import { Modal } from "~/components/modal";
import { PostForm } from "~/components/post-form";
import type { ResearchSchema } from "~/lib/detail/project-research.server";

/** Request Research: a comment for the research team about this project. */
export function ResearchDialog({ projectName, ...props }: DialogProps & { projectName: string }) {
  return (
    <Modal open={props.open} title="Request Research" onClose={props.onClose} closeHref={props.closeHref}>
      <ResearchForm projectName={projectName} {...props} />
    </Modal>
  );
}

function ResearchForm({ projectName, fetcher, lastResult }: DialogProps & { projectName: string }) {
  const [form, fields] = useForm<z.input<typeof ResearchSchema>>({
    id: "research-form",
    lastResult,
  });
  const pending = useFormPending(fetcher);
  return (
    <PostForm fetcher={fetcher} {...getFormProps(form)} className="space-y-4">
      <AutoCloseAlert messages={form.errors} trigger={lastResult} ms={60_000} />
      <input type="hidden" name="intent" value="research" />
      <input type="hidden" name="project_name" value={projectName} />
      <p className="text-sm text-slate-700">Project: {projectName}</p>
      <TextareaField
        label="Comment"
        meta={fields.comment}
        placeholder="What would you like us to investigate?"
        rows={6}
      />
      <div className="flex justify-end">
        <SubmitButton pending={pending}>Submit Request</SubmitButton>
      </div>
    </PostForm>
  );
}
