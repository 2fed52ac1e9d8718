// Up to 3 tags, added with Enter or the button, each removable.
import { ActionIcon, Badge, CloseButton, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { filters as texts } from '../i18n/es/filters';
import { addTag } from '../lib/tags';

type Props = { label: string; value: string[]; onChange: (tags: string[]) => void };

export function TagInput({ label, value, onChange }: Props) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
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
        error={error}
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
            <Badge key={tag} variant="light" tt="none" pr={2} rightSection={<CloseButton size="xs" aria-label={texts.removeTag(tag)} onClick={() => onChange(value.filter((t) => t !== tag))} />}>
              {tag}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
