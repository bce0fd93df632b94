import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { setupBody } from "@plotline/contracts";
import { useTranslation } from "react-i18next";
import { showFormErrors } from "../../../lib/form-errors.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { useSetup } from "../hooks/use-session.js";
import { PasswordStrengthMeter } from "./PasswordStrengthMeter.js";

/** The first-run form: name, e-mail and password of the first site manager. */
export function SetupForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const setup = useSetup();
  const form = useForm({
    initialValues: { display_name: "", email: "", password: "" },
    validate: validateWith(setupBody),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) =>
    setup.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        showFormErrors(form, error, ["display_name", "email", "password"]);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t("auth.display_name")} autoComplete="name" required data-autofocus autoFocus {...form.getInputProps("display_name")} />
        <TextInput label={t("auth.email")} type="email" autoComplete="email" required {...form.getInputProps("email")} />
        <PasswordInput
          visibilityToggleButtonProps={{ "aria-label": t("auth.show_password") }}
          label={t("auth.password")}
          description={t("auth.password_hint")}
          autoComplete="new-password"
          required
          {...form.getInputProps("password")}
        />
        <PasswordStrengthMeter password={form.values.password} hasError={Boolean(form.errors.password)} />
        <Button type="submit" loading={setup.isPending} fullWidth mt="xs">
          {t("auth.setup_submit")}
        </Button>
      </Stack>
    </form>
  );
}
