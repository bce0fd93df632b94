import { Button, Group, MultiSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { createDepartmentBody, type Department, type User } from "@plotline/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../../lib/form-errors.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { useUsers } from "../../users/hooks/use-users.js";
import { useCreateDepartment, useUpdateDepartment } from "../hooks/use-departments.js";
import { GuardedModal, useDiscardGuard } from "../../../components/DiscardGuard.js";

interface Values {
  title: string;
  user_ids: string[];
}

/** Adds a department, or edits one: its name and its people, picked from the site's users by search. */
export function DepartmentFormModal({ department, opened, onClose }: { department: Department | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const [search, setSearch] = useState("");
  const [query] = useDebouncedValue(search.trim(), 300);
  const users = useUsers(query, 1, 50);
  // Names of people already chosen stay known while the search shows others.
  const [known, setKnown] = useState<Map<number, Pick<User, "id" | "display_name">>>(() => new Map((department?.users ?? []).map((user) => [user.id, user])));
  const form = useForm<Values>({
    initialValues: { title: department?.title ?? "", user_ids: (department?.user_ids ?? []).map(String) },
    validate: (values) => validateWith(createDepartmentBody.pick({ title: true }))({ title: values.title }),
  });

  const guard = useDiscardGuard(form.isDirty(), onClose);
  const options = new Map(known);
  for (const user of users.data?.data ?? []) options.set(user.id, user);

  const submit = form.onSubmit((values) => {
    const body = { title: values.title, user_ids: values.user_ids.map(Number) };
    const onError = (error: unknown) => form.setErrors(fieldErrors(error, ["title", "user_ids"]).byField);
    if (department) update.mutate({ id: department.id, body }, { onSuccess: onClose, onError });
    else create.mutate(body, { onSuccess: onClose, onError });
  });

  return (
    <GuardedModal guard={guard} opened={opened} title={department ? t("departments.form_edit") : t("departments.form_new")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t("departments.form_title")} placeholder={t("departments.form_title_placeholder")} required maxLength={200} data-autofocus {...form.getInputProps("title")} />
          <MultiSelect
            label={t("departments.form_people")}
            placeholder={t("departments.form_people_placeholder")}
            data={[...options.values()].map((user) => ({ value: String(user.id), label: user.display_name }))}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            nothingFoundMessage={users.isFetching ? undefined : t("departments.no_user_found")}
            comboboxProps={{ withinPortal: true }}
            value={form.values.user_ids}
            error={form.errors.user_ids}
            onChange={(ids) => {
              setKnown((current) => {
                const next = new Map(current);
                for (const id of ids) {
                  const user = options.get(Number(id));
                  if (user) next.set(user.id, user);
                }
                return next;
              });
              form.setFieldValue("user_ids", ids);
            }}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={guard.requestClose}>
              {t("departments.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {department ? t("departments.save") : t("departments.create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}
