import { ActionIcon, Alert, Button, Group, Modal, MultiSelect, Radio, Select, Stack, Text } from "@mantine/core";
import { STORE_LINK_ACTIONS, type StoreLink, type StoreLinkAction, type StoreLinkAssignee, type StoreProduct } from "@plotline/contracts";
import { IconAlertTriangle, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../../lib/form-errors.js";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { useAllUsers, useSaveStoreLink, useTemplateProjects } from "../hooks/use-store-link.js";
import { productLabel } from "./store-link-labels.js";

const FIELDS = ["product_ids", "project_id", "assignees", "action"] as const;
const ROLES = ["1", "2", "3"] as const;

/** The add and edit form of a link: products, the project, what an order does, and who joins. */
export function StoreLinkModal({
  opened,
  link,
  products,
  productsError,
  onClose,
}: {
  opened: boolean;
  /** The link to edit; null adds one. */
  link: StoreLink | null;
  products: readonly StoreProduct[];
  /** Why the shop's products could not be read, if so: the form still offers the link's own ids. */
  productsError: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveStoreLink();
  const projects = useTemplateProjects();
  const users = useAllUsers();
  const [productIds, setProductIds] = useState<string[]>(link ? link.product_ids.map(String) : []);
  const [projectId, setProjectId] = useState<string | null>(link ? String(link.project_id) : null);
  const [action, setAction] = useState<StoreLinkAction>(link?.action ?? "duplicate");
  const [assignees, setAssignees] = useState<StoreLinkAssignee[]>(link?.assignees ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const known = new Set(products.map((product) => product.id));
  const productData = [
    ...products.map((product) => ({ value: String(product.id), label: productLabel(product) })),
    // Ids of the link the shop no longer lists (or could not be read): kept, so saving does not drop them.
    ...(link?.product_ids ?? []).filter((id) => !known.has(id)).map((id) => ({ value: String(id), label: t("store_link.links.unknown_product", { id }) })),
  ];
  const projectData = (projects.data ?? []).map((project) => ({ value: String(project.id), label: project.title }));
  const userData = (users.data ?? []).map((user) => ({ value: String(user.id), label: `${user.display_name} (${user.email})` }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (productIds.length === 0) missing.product_ids = t("store_link.links.product_needed");
    if (!projectId) missing.project_id = t("store_link.links.project_needed");
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !projectId) return;
    save.mutate(
      {
        id: link?.id ?? null,
        body: { product_ids: productIds.map(Number), project_id: Number(projectId), assignees: assignees.filter((entry) => entry.user_id > 0), action },
      },
      {
        onSuccess: () => {
          notifySuccess(t("store_link.links.saved"));
          onClose();
        },
        onError: (error) => {
          const split = fieldErrors(error, FIELDS);
          setErrors(split.byField);
          if (split.others) notifyError(split.others);
        },
      },
    );
  };

  const setAssignee = (index: number, change: Partial<StoreLinkAssignee>) =>
    setAssignees((current) => current.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));

  return (
    <Modal opened={opened} onClose={onClose} title={link ? t("store_link.links.form_title_edit") : t("store_link.links.form_title_new")} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {productsError && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
              {t("store_link.links.products_error", { message: productsError })}
            </Alert>
          )}
          <MultiSelect
            label={t("store_link.links.products_label")}
            placeholder={productIds.length === 0 ? t("store_link.links.products_placeholder") : undefined}
            data={productData}
            value={productIds}
            onChange={setProductIds}
            searchable
            clearable
            error={errors.product_ids}
            maxDropdownHeight={260}
            comboboxProps={{ withinPortal: true }}
            data-testid="store-link-products"
          />
          <Radio.Group label={t("store_link.links.action_label")} value={action} onChange={(value) => setAction(value as StoreLinkAction)}>
            <Group gap="lg" mt={6}>
              {STORE_LINK_ACTIONS.map((value) => (
                <Radio key={value} value={value} label={t(`store_link.links.action_${value}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Select
            label={action === "duplicate" ? t("store_link.links.project_label") : t("store_link.links.project_label_add")}
            placeholder={t("store_link.links.project_placeholder")}
            data={projectData}
            value={projectId}
            onChange={setProjectId}
            searchable
            error={errors.project_id}
            comboboxProps={{ withinPortal: true }}
            data-testid="store-link-project"
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t("store_link.links.assignees_label")}
            </Text>
            {assignees.map((entry, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
                <Select
                  aria-label={t("store_link.links.assignee_user")}
                  placeholder={t("store_link.links.assignee_user")}
                  data={userData}
                  value={entry.user_id > 0 ? String(entry.user_id) : null}
                  onChange={(value) => setAssignee(index, { user_id: Number(value ?? 0) })}
                  searchable
                  style={{ flex: 1, minWidth: 0 }}
                  comboboxProps={{ withinPortal: true }}
                />
                <Select
                  aria-label={t("store_link.links.assignee_role")}
                  data={ROLES.map((role) => ({ value: role, label: t(`store_link.roles.${role}`) }))}
                  value={String(entry.role_id)}
                  onChange={(value) => setAssignee(index, { role_id: Number(value ?? 2) })}
                  allowDeselect={false}
                  w={130}
                  comboboxProps={{ withinPortal: true }}
                />
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={t("store_link.links.remove_assignee")} onClick={() => setAssignees((current) => current.filter((_, at) => at !== index))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {errors.assignees && (
              <Text size="xs" c="red">
                {errors.assignees}
              </Text>
            )}
            <Group>
              <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAssignees((current) => [...current, { user_id: 0, role_id: 2 }])}>
                {t("store_link.links.add_assignee")}
              </Button>
            </Group>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("store_link.links.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("store_link.links.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
