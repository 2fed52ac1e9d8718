// Up to 3 tags, added with Enter or the button, each removable. Tags of a new chisme are shown
// to others, so there the draft gets the personal-data warning while typing (the database
// refuses them too: supabase/schemas/07-text-rules.sql).
import { ActionIcon, Badge, CloseButton, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { usePersonalDataWarning } from '../hooks/use-personal-data-warning';
import { filters as texts } from '../i18n/es/filters';
import { addTag } from '../lib/tags';

type Props = { label: string; value: string[]; onChange: (tags: string[]) => void; warnPersonalData?: boolean };

export function TagInput({ label, value, onChange, warnPersonalData = false }: Props) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const personalDataWarning = usePersonalDataWarning(warnPersonalData ? draft : '');
  const add = () => {
    const result = addTag(value, draft);
    setError(result.error);
    if (!result.error) {
      onChange(result.tags);
      setDraft('');
    }
  };
  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        placeholder={texts.tagsPlaceholder}
        value={draft}
        maxLength={21}
        error={error ?? personalDataWarning}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        rightSection={
          <ActionIcon variant="subtle" onClick={add} aria-label={texts.addTag}>
            <IconPlus size={16} aria-hidden />
          </ActionIcon>
        }
      />
      {value.length > 0 && (
        <Group gap={6}>
          {value.map((tag) => (
            <Badge
              key={tag}
              variant="light"
              tt="none"
              pr={2}
              rightSection={<CloseButton size="xs" aria-label={texts.removeTag(tag)} onClick={() => onChange(value.filter((t) => t !== tag))} />}
            >
              {tag}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
