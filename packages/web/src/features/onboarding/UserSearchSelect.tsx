import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { type MemberCandidate, searchMemberCandidates } from '../../api/onboarding.ts';
import { useDebouncedValue } from '../../components/index.ts';

/** The member search asks once 3 characters have rested this long. */
export const MEMBER_SEARCH_DELAY_MS = 500;
const MIN_SEARCH_LENGTH = 3;

interface UserSearchSelectProps {
  label: string;
  placeholder?: string;
  value: number | undefined;
  onChange: (id: number | undefined, person: MemberCandidate | undefined) => void;
  optionLabel: (person: MemberCandidate) => string;
  width?: number | string;
}

/** A person picked by name or e-mail from the user search (3+ characters, debounced). */
export function UserSearchSelect({
  label,
  placeholder,
  value,
  onChange,
  optionLabel,
  width,
}: UserSearchSelectProps) {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim(), MEMBER_SEARCH_DELAY_MS);
  const people = useQuery({
    queryKey: ['teams', 'memberSearch', settled],
    queryFn: () => searchMemberCandidates(settled),
    enabled: settled.length >= MIN_SEARCH_LENGTH,
  });
  const found = people.data ?? [];
  return (
    <Select<number>
      aria-label={label}
      placeholder={placeholder ?? label}
      showSearch={{ filterOption: false, onSearch: setText }}
      allowClear
      value={value}
      loading={people.isFetching}
      style={{ width: width ?? 260 }}
      options={found.map((person) => ({ value: person.id, label: optionLabel(person) }))}
      onChange={(id) =>
        onChange(
          id,
          found.find((person) => person.id === id),
        )
      }
      notFoundContent={null}
    />
  );
}
