import { Alert, Button, PasswordInput, Stack } from "@mantine/core";
import { routePath } from "@plotline/contracts";
import { IconAlertTriangle, IconCheck } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { CenteredCard } from "../../../components/CenteredCard.js";
import { fieldErrors } from "../../../lib/form-errors.js";
import { useSetStorePassword } from "../hooks/use-store-link.js";

/** Where a buyer whose account an order made chooses a first password, from the link in their mail. */
export function SetPasswordForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const setPasswordCall = useSetStorePassword();
  const split = setPasswordCall.error ? fieldErrors(setPasswordCall.error, ["password"]) : null;
  const otherError = split?.others instanceof Error ? split.others.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token === "" || password === "") return;
    setPasswordCall.mutate({ token, password });
  };

  return (
    <CenteredCard
      title={setPasswordCall.isSuccess ? t("store_link.set_password.done_title") : t("store_link.set_password.title")}
      intro={setPasswordCall.isSuccess ? undefined : t("store_link.set_password.intro")}
    >
      {setPasswordCall.isSuccess ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCheck size={18} />}>
            {t("store_link.set_password.done_body")}
          </Alert>
          <Button component={Link} to={routePath("login")}>
            {t("store_link.set_password.sign_in")}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
          {token === "" && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
              {t("store_link.set_password.missing_token")}
            </Alert>
          )}
          {otherError && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
              {otherError}
            </Alert>
          )}
          <PasswordInput
            label={t("store_link.set_password.password")}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={split?.byField.password}
            autoComplete="new-password"
            required
          />
          <Button type="submit" loading={setPasswordCall.isPending} disabled={token === ""}>
            {t("store_link.set_password.submit")}
          </Button>
          </Stack>
        </form>
      )}
    </CenteredCard>
  );
}
