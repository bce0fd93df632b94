import { Group, Progress, Stack, Text } from "@mantine/core";
import { estimatePasswordStrength, hasPasswordDictionaries, loadPasswordDictionaries, type PasswordStrengthLevel } from "@plotline/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const COLORS: Record<PasswordStrengthLevel, string> = { weak: "red", fair: "orange", good: "teal", strong: "green" };

/**
 * Whether the password dictionaries are in. They are fetched (a separate chunk) by the first screen that
 * sets a password, so that the main bundle stays small; until then the meter waits rather than guess.
 */
function usePasswordDictionaries(): boolean {
  const [ready, setReady] = useState(hasPasswordDictionaries);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadPasswordDictionaries().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/**
 * How hard the password being typed is to guess, by the same estimate the server refuses weak passwords
 * with: a meter, a word (Weak, Fair, Good, Strong) and the estimator's warning, left out while the field
 * already shows the server's refusal (`hasError`), which carries the same warning.
 */
export function PasswordStrengthMeter({ password, hasError = false }: { password: string; hasError?: boolean }) {
  const { t } = useTranslation();
  const ready = usePasswordDictionaries();
  if (!ready || password === "") return null;
  const strength = estimatePasswordStrength(password);
  const label = t(`auth.strength_${strength.level}`);
  return (
    <Stack gap={4} data-testid="password-strength" aria-live="polite">
      <Progress value={((strength.score + 1) / 5) * 100} color={COLORS[strength.level]} size="sm" aria-label={t("auth.strength_label", { level: label })} />
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="xs" c="dimmed" style={{ flex: 1 }}>
          {hasError ? "" : (strength.warning ?? (strength.acceptable ? "" : strength.suggestions[0]))}
        </Text>
        <Text size="xs" fw={600} c={COLORS[strength.level]} data-testid="password-strength-level">
          {label}
        </Text>
      </Group>
    </Stack>
  );
}
