import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { User } from "@plotline/contracts";
import { IconUser } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useUsers } from "../../users/hooks/use-users.js";
import { useManagedMembers } from "../hooks/use-timesheet.js";

/** People offered at once to a site manager; typing searches the rest. */
const PER_PAGE = 50;

interface PickerProps {
  me: User;
  /** The sheet shown now: its owner stays among the choices whatever a search finds. */
  owner: User | null;
  onChange: (userId: number | null) => void;
}

function MemberSelect({ me, owner, onChange, people, onSearchChange, search }: PickerProps & { people: readonly User[]; search?: string; onSearchChange?: (text: string) => void }) {
  const { t } = useTranslation();
  const choices = new Map<number, string>([[me.id, t("timesheet.me")]]);
  if (owner && owner.id !== me.id) choices.set(owner.id, owner.display_name);
  for (const person of people) if (!choices.has(person.id)) choices.set(person.id, person.display_name);
  return (
    <Select
      label={t("timesheet.member")}
      placeholder={t("timesheet.member_placeholder")}
      data={[...choices].map(([id, name]) => ({ value: String(id), label: name }))}
      value={String(owner?.id ?? me.id)}
      searchable
      searchValue={search}
      onSearchChange={onSearchChange}
      allowDeselect={false}
      nothingFoundMessage={t("tasks.no_member_found")}
      leftSection={<IconUser size={16} />}
      w={{ base: "100%", xs: 260 }}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => {
        if (next === null) return;
        const id = Number(next);
        onChange(id === me.id ? null : id);
      }}
      data-testid="timesheet-member"
    />
  );
}

/** A site manager's choice: every user, searched on the server by name or e-mail. */
function AnyUserPicker(props: PickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  // The box shows the chosen person's name while nothing is typed: that is no search.
  const chosen = props.owner && props.owner.id !== props.me.id ? props.owner.display_name : t("timesheet.me");
  const [query] = useDebouncedValue(search === chosen ? "" : search.trim(), 250);
  const users = useUsers(query, 1, PER_PAGE);
  return <MemberSelect {...props} people={users.data?.data ?? []} search={search} onSearchChange={setSearch} />;
}

/** A project manager's choice: the members of the projects they manage; nothing when they manage none. */
function ManagedMemberPicker(props: PickerProps) {
  const members = useManagedMembers(true);
  const people = (members.data ?? []).filter((person) => person.id !== props.me.id);
  if (people.length === 0 && !(props.owner && props.owner.id !== props.me.id)) return null;
  return <MemberSelect {...props} people={people} />;
}

/**
 * Whose timesheet a manager is looking at: the signed-in user (`null`) or someone they may read the time
 * of, as the server rules: site managers anyone, project managers the members of the projects they manage.
 */
export function TimesheetMemberPicker({ isSiteManager, ...props }: PickerProps & { isSiteManager: boolean }) {
  return isSiteManager ? <AnyUserPicker {...props} /> : <ManagedMemberPicker {...props} />;
}
