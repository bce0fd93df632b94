import { Alert, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { loginBody } from "@plotline/contracts";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/client.js";
import { validateWith } from "../../../lib/schema-validate.js";
import { useLogin } from "../hooks/use-session.js";

/** E-mail and password sign-in. A refusal shows in the form, not as a passing toast. */
export function LoginForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const form = useForm({ initialValues: { email: "", password: "" }, validate: validateWith(loginBody) });
  const submit = form.onSubmit((values) => login.mutate(values, { onSuccess: onDone }));
  const error = login.error instanceof ApiError ? login.error.message : login.error ? String(login.error) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t("auth.email")} type="email" autoComplete="username" required autoFocus {...form.getInputProps("email")} />
        <PasswordInput
          visibilityToggleButtonProps={{ "aria-label": t("auth.show_password") }} label={t("auth.password")} autoComplete="current-password" required {...form.getInputProps("password")} />
        <Button type="submit" loading={login.isPending} fullWidth mt="xs">
          {t("auth.login_submit")}
        </Button>
      </Stack>
    </form>
  );
}
