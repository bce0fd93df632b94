import { Button, Checkbox, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { createUserBody, updateUserBody, type User } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { showFormErrors } from "../../../lib/form-errors.js";
import { notifySuccess } from "../../../lib/notify.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { PasswordStrengthMeter } from "../../auth/components/PasswordStrengthMeter.js";
import { useCreateUser, useUpdateUser } from "../hooks/use-users.js";
import { GuardedModal, useDiscardGuard } from "../../../components/DiscardGuard.js";

const FIELDS = ["display_name", "email", "password", "manage_pm"] as const;

/** Adds a user, or edits one when `user` is given. */
export function UserFormModal({ user, opened, onClose }: { user: User | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const update = useUpdateUser();
  const editing = user !== null;
  const form = useForm({
    initialValues: { display_name: user?.display_name ?? "", email: user?.email ?? "", password: "", manage_pm: user?.manage_pm ?? false },
    validate: (values) => {
      if (!editing) return validateWith(createUserBody)(values);
      return validateWith(updateUserBody)({ ...values, password: values.password || undefined });
    },
  });

  const guard = useDiscardGuard(form.isDirty(), onClose);
  const onError = (error: unknown) => {
    showFormErrors(form, error, FIELDS);
  };
  const onSaved = (result: { message?: string }) => {
    if (result.message) notifySuccess(result.message);
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (user) {
      update.mutate({ id: user.id, body: { ...values, password: values.password || undefined } }, { onSuccess: onSaved, onError });
    } else {
      create.mutate(values, { onSuccess: onSaved, onError });
    }
  });

  return (
    <GuardedModal guard={guard} opened={opened} title={editing ? t("users.edit") : t("users.add")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t("users.name")} required data-autofocus {...form.getInputProps("display_name")} />
          <TextInput label={t("users.email")} type="email" required {...form.getInputProps("email")} />
          <PasswordInput
            label={editing ? t("users.new_password") : t("users.password")}
            description={t("auth.password_hint")}
            autoComplete="new-password"
            required={!editing}
            {...form.getInputProps("password")}
          />
          <PasswordStrengthMeter password={form.values.password} hasError={Boolean(form.errors.password)} />
          <Checkbox label={t("users.manage_pm")} {...form.getInputProps("manage_pm", { type: "checkbox" })} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={guard.requestClose}>
              {t("users.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t("users.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
