import { Button, ColorInput, Group, Input, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { createProjectBody, PROJECT_STATUSES, routePath, type Project, type ProjectStatus, type RoleName } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { RichTextEditor } from "../../../components/LazyRichTextEditor.js";
import { useCurrentMe } from "../../auth/hooks/use-session.js";
import { DepartmentField } from "../../departments/components/DepartmentField.js";
import { fieldErrors } from "../../../lib/form-errors.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { useCreateProject, useUpdateProject } from "../hooks/use-projects.js";
import { MembersField, roleId, type MemberDraft } from "./MembersField.js";
import { GuardedModal, useDiscardGuard } from "../../../components/DiscardGuard.js";

const FIELDS = ["title", "description", "status", "color", "assignees", "department_id"] as const;
const SWATCHES = ["#228be6", "#15aabf", "#12b886", "#40c057", "#fab005", "#fd7e14", "#fa5252", "#e64980", "#7950f2", "#495057"];

interface Values {
  title: string;
  description: string;
  status: ProjectStatus;
  color: string;
  members: MemberDraft[];
  /** The department's id as text; "0" is none. */
  department_id: string;
}

function initialValues(project: Project | null, me: MemberDraft["user"]): Values {
  if (!project) return { title: "", description: "", status: "incomplete", color: "", members: [{ user: me, role: "manager" }], department_id: "0" };
  return {
    title: project.title,
    description: project.description.html,
    status: project.status,
    color: project.color ?? "",
    members: project.assignees.data.map((member) => ({ user: member, role: (member.roles.data[0]?.slug ?? "co_worker") as RoleName })),
    department_id: String(project.department_id),
  };
}

/** Creates a project, or edits one when `project` is given: name, description, status, colour, members. */
export function ProjectFormModal({ project, opened, onClose }: { project: Project | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useCurrentMe();
  const navigate = useNavigate();
  const create = useCreateProject();
  const update = useUpdateProject();
  const editing = project !== null;
  const form = useForm<Values>({
    initialValues: initialValues(project, me.user),
    validate: (values) => validateWith(createProjectBody.pick({ title: true }))({ title: values.title }),
  });

  const guard = useDiscardGuard(form.isDirty(), onClose);
  // The query client already toasts every message; the form also puts them next to their fields.
  const onError = (error: unknown) => {
    const { byField } = fieldErrors(error, FIELDS);
    form.setErrors({ ...byField, ...(byField.assignees && { members: byField.assignees }) });
  };

  const submit = form.onSubmit((values) => {
    const body = {
      title: values.title,
      description: values.description,
      status: values.status,
      color: values.color || null,
      assignees: values.members.map((member) => ({ user_id: member.user.id, role_id: roleId(member.role) })),
      // Sent only when it is set or changed, so a form with the integration off never trips over it.
      ...((values.department_id !== "0" || (project?.department_id ?? 0) > 0) && { department_id: Number(values.department_id) }),
    };
    if (project) {
      update.mutate({ id: project.id, body }, { onSuccess: onClose, onError });
    } else {
      create.mutate(body, {
        onSuccess: (result) => {
          onClose();
          navigate(routePath("pm_overview", { project_id: result.data.id }));
        },
        onError,
      });
    }
  });

  return (
    <GuardedModal guard={guard} opened={opened} title={editing ? t("projects.form.edit_title") : t("projects.form.new_title")} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t("projects.form.title")} placeholder={t("projects.form.title_placeholder")} required data-autofocus {...form.getInputProps("title")} />
          <Input.Wrapper label={t("projects.form.description")} error={form.errors.description}>
            <RichTextEditor
              value={form.values.description}
              onChange={(html) => form.setFieldValue("description", html)}
              placeholder={t("projects.form.description_placeholder")}
              ariaLabel={t("projects.form.description")}
              minHeight={80}
            />
          </Input.Wrapper>
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t("projects.form.status")}
              data={PROJECT_STATUSES.map((status) => ({ value: status, label: t(`projects.status.${status}`) }))}
              allowDeselect={false}
              miw={160}
              {...form.getInputProps("status")}
            />
            <ColorInput
              label={t("projects.form.color")}
              placeholder={t("projects.form.color_placeholder")}
              format="hex"
              swatches={SWATCHES}
              miw={160}
              {...form.getInputProps("color")}
            />
          </Group>
          <DepartmentField
            value={form.values.department_id}
            initial={project ? String(project.department_id) : "0"}
            onChange={(value) => form.setFieldValue("department_id", value)}
            error={typeof form.errors.department_id === "string" ? form.errors.department_id : undefined}
          />
          <MembersField
            value={form.values.members}
            onChange={(members) => form.setFieldValue("members", members)}
            lockedUserId={editing ? undefined : me.user.id}
            error={typeof form.errors.members === "string" ? form.errors.members : undefined}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={guard.requestClose}>
              {t("projects.form.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? t("projects.form.save") : t("projects.form.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
