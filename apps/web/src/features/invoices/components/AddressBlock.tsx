import { ActionIcon, Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { COUNTRIES, type Address } from "@plotline/contracts";
import { IconPencil } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "../../../lib/form-errors.js";
import { notifyError, notifySuccess } from "../../../lib/notify.js";
import { useSaveUserAddress } from "../hooks/use-invoices.js";

const LINES = ["organization", "address_line_1", "address_line_2", "city", "state", "zip_code"] as const;
const COUNTRY_CHOICES = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

/** An address as the lines printed on an invoice, empty ones left out. */
export function addressLines(address: Address | null | undefined): string[] {
  if (!address) return [];
  const country = COUNTRIES.find((entry) => entry.code === address.country_code)?.name ?? "";
  const cityLine = [address.city, address.state, address.zip_code].filter(Boolean).join(", ");
  return [address.organization, address.address_line_1, address.address_line_2, cityLine, country].filter((line) => line.trim() !== "");
}

/** The lines of an address in small dimmed text. */
export function AddressText({ address }: { address: Address | null | undefined }) {
  return (
    <>
      {addressLines(address).map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
    </>
  );
}

/** The client's address form, in a dialog. */
function AddressModal({ userId, name, address, onClose }: { userId: number; name: string; address: Address | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveUserAddress(userId);
  const [form, setForm] = useState<Address>(() => address ?? { organization: "", address_line_1: "", address_line_2: "", city: "", state: "", zip_code: "", country_code: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form, {
      onSuccess: () => {
        notifySuccess(t("invoices.address_saved"));
        onClose();
      },
      onError: (error) => {
        const { byField, others } = fieldErrors(error, [...LINES, "country_code"]);
        setErrors(byField);
        if (others) notifyError(others);
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t("invoices.address_of", { name })} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {LINES.map((field) => (
              <TextInput key={field} label={t(`invoices.address.${field}`)} value={form[field]} onChange={(event) => setForm({ ...form, [field]: event.currentTarget.value })} error={errors[field]} maxLength={190} />
            ))}
            <Select
              label={t("invoices.address.country_code")}
              placeholder={t("invoices.address.country_placeholder")}
              data={COUNTRY_CHOICES}
              value={form.country_code || null}
              onChange={(value) => setForm({ ...form, country_code: value ?? "" })}
              error={errors.country_code}
              searchable
              clearable
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("invoices.address_save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The pencil beside "Bill to": edits the client's address, for those the server lets save it. */
export function EditAddressButton({ userId, name, address }: { userId: number; name: string; address: Address | null }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <ActionIcon variant="subtle" size="sm" onClick={() => setOpen(true)} aria-label={t("invoices.address_edit", { name })}>
        <IconPencil size={14} />
      </ActionIcon>
      {isOpen && <AddressModal userId={userId} name={name} address={address} onClose={() => setOpen(false)} />}
    </>
  );
}
